// The import graph between folders (issue 39): every client/<folder>, sim-server/<folder> and domain/<folder> and how
// many imports point from each to each (type-only imports included, as in lint:cycles), printed, and exit 1 when
// the folders form a loop. A loop between folders is what lets a change in one reach anything: the arrows between
// folders point one way, so each folder can be read with only what lies below it.
//
//   npm run lint:layers            # the folder graph, then each loop with the imports that close it
//   npm run lint:layers -- client  # only the folders under client/ (or domain, sim-server)
import { fileURLToPath } from 'node:url';
import { loops, moduleGraph } from './importGraph.ts';

/** The top folders whose subfolders are the graph's nodes. */
export const GRAPHED_FOLDERS = ['client', 'sim-server', 'domain'] as const;

/**
 * The folder a module belongs to: `client/api/trips.ts` → `client/api`; a module directly in a top folder is that
 * folder (`client/main.tsx` → `client`); a module outside the graphed folders has none.
 */
export function folderOf(module: string): string | null {
  const [top, sub, ...rest] = module.split('/');
  if (!top || !(GRAPHED_FOLDERS as readonly string[]).includes(top) || sub === undefined) return null;
  return rest.length === 0 ? top : `${top}/${sub}`;
}

/** Folder → folder it imports → how many imports: a module graph folded onto folders, imports within a folder left out. */
export function foldByFolder(
  modules: ReadonlyMap<string, readonly string[]>,
): Map<string, Map<string, number>> {
  const folders = new Map<string, Map<string, number>>();
  for (const [module, imported] of modules) {
    const from = folderOf(module);
    if (from === null) continue;
    const targets = folders.get(from) ?? new Map<string, number>();
    folders.set(from, targets);
    for (const target of imported) {
      const to = folderOf(target);
      if (to === null || to === from) continue;
      targets.set(to, (targets.get(to) ?? 0) + 1);
    }
  }
  return folders;
}

/** The lines that describe one loop: each arrow between its folders, with its count. */
export function describeLoop(
  folders: ReadonlyMap<string, ReadonlyMap<string, number>>,
  loop: string[],
): string[] {
  const members = new Set(loop);
  const arrows: string[] = [];
  for (const from of loop)
    for (const [to, count] of folders.get(from) ?? [])
      if (members.has(to)) arrows.push(`  ${from} → ${to} (${count})`);
  return [`folder loop: ${loop.join(' ↔ ')}`, ...arrows];
}

function main(): void {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((top) => !(GRAPHED_FOLDERS as readonly string[]).includes(top));
  if (unknown.length > 0)
    throw new Error(`no such folder: ${unknown.join(', ')} (${GRAPHED_FOLDERS.join(', ')})`);
  const shown = (folder: string) => wanted.length === 0 || wanted.includes(folder.split('/')[0] ?? '');
  const folders = new Map([...foldByFolder(moduleGraph())].filter(([folder]) => shown(folder)));
  for (const [from, targets] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    const arrows = [...targets].sort(([a], [b]) => a.localeCompare(b));
    console.log(
      `${from} → ${arrows.length === 0 ? '(nothing)' : arrows.map(([to, n]) => `${to} (${n})`).join(', ')}`,
    );
  }
  const found = loops(new Map([...folders].map(([from, targets]) => [from, targets.keys()])));
  for (const loop of found) console.log(describeLoop(folders, loop).join('\n'));
  console.log(`${folders.size} folders, ${found.length} folder loops (type-only imports included)`);
  if (found.length > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
