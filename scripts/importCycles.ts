// Finds import cycles among the repository's own modules, type-only imports included, and exits 1 when there is
// one. ESLint's import-x/no-cycle skips type-only imports (they vanish at run time); this check keeps the module
// graph a tree for readers too, where a type cycle means two modules that cannot be understood apart.
//
//   npm run lint:cycles
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import ts from 'typescript';
import { repositoryRoot, sourceFiles } from './sourceFiles.ts';

/** package.json "imports": each alias and the folder it stands for. */
const ALIASES: [string, string][] = [
  ['#domain/', 'domain/'],
  ['#sim/', 'sim-server/'],
  ['#client/', 'client/'],
  ['#tests/', 'tests/'],
];

function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  let path: string;
  if (alias) path = alias[1] + specifier.slice(alias[0].length);
  else if (specifier.startsWith('.'))
    path = relative(repositoryRoot, resolve(repositoryRoot, dirname(from), specifier));
  else return null;
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`])
    if (known.has(normalize(candidate))) return normalize(candidate);
  return null;
}

/** The strongly connected components with more than one module (Tarjan), each a set of modules in a cycle. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (module: string): void => {
    index.set(module, next);
    low.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const imported of graph.get(module) ?? []) {
      if (!index.has(imported)) {
        visit(imported);
        low.set(module, Math.min(low.get(module) ?? 0, low.get(imported) ?? 0));
      } else if (onStack.has(imported))
        low.set(module, Math.min(low.get(module) ?? 0, index.get(imported) ?? 0));
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
      if (member === module) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}

const files = sourceFiles();
const known = new Set(files);
const graph = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(repositoryRoot, file), 'utf8'), true, true);
  graph.set(
    file,
    importedFiles
      .map(({ fileName }) => resolveSpecifier(file, fileName, known))
      .filter((path): path is string => path !== null),
  );
}
const found = cycles(graph);
for (const component of found) console.log(`import cycle: ${component.join(' ↔ ')}`);
console.log(`${files.length} modules, ${found.length} import cycles (type-only imports included)`);
if (found.length > 0) process.exitCode = 1;
