// Finds import cycles among the repository's own modules, type-only imports included, and exits 1 when there is
// one. ESLint's import-x/no-cycle skips type-only imports (they vanish at run time); this check keeps the module
// graph a tree for readers too, where a type cycle means two modules that cannot be understood apart.
//
//   npm run lint:cycles
import { loops, moduleGraph } from './importGraph.ts';

const graph = moduleGraph();
const found = loops(graph);
for (const component of found) console.log(`import cycle: ${component.join(' ↔ ')}`);
console.log(`${graph.size} modules, ${found.length} import cycles (type-only imports included)`);
if (found.length > 0) process.exitCode = 1;
