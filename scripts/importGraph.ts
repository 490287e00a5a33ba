// The repository's module graph as the house checks read it (import cycles, the folder graph): each module and the
// repository modules it imports, type-only imports included, and the loop finder both checks use.
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

/** Every source module (paths relative to the repository) and the repository modules it imports. */
export function moduleGraph(): Map<string, string[]> {
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
  return graph;
}

/**
 * The loops of a directed graph: its strongly connected components with more than one node (Tarjan), each sorted,
 * plus any node that points at itself. Nodes reached only as targets count too.
 */
export function loops(graph: ReadonlyMap<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    let pointsAtItself = false;
    for (const target of graph.get(node) ?? []) {
      if (target === node) pointsAtItself = true;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || pointsAtItself) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}
