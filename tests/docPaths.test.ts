// The docs cite only files that exist (issue 39): every backticked repository path (`client/live/liveWorker.ts`,
// `features/closures/closuresStore.ts`) and every relative Markdown link in docs/ and in each folder's CONTEXT.md
// names a file in the tree. A path is read from the repository root, from the citing file's folder or any folder
// above it (a folder's notes cite a neighbour as `map/useShapeEditing.ts`), or from a source folder (the contract
// page cites `wire/requestParts.ts` of domain/). Built and downloaded files (dist/, data/) are not the tree's.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'data', 'reports', 'coverage']);
const SOURCE_FOLDERS = ['domain', 'sim-server', 'client', 'tests', 'scripts'];
/** Folders written by a build or a download, never committed (.gitignore). */
const UNTRACKED = /^(dist|data|reports|coverage)\//;

/** A backticked span that reads as a file path: folders, a name and an extension, no wildcard or placeholder. */
const CITED_PATH =
  /^(?:\.{1,2}\/)*[\w@.-]+(?:\/[\w@.-]+)+\.(?:tsx?|m?js|json|md|css|html|sql|ya?ml|sh|geojson|ndjson)$/;

function docsToCheck(): string[] {
  const found: string[] = [];
  const walk = (folder: string, everyMarkdown: boolean) => {
    for (const name of readdirSync(join(ROOT, folder))) {
      const path = join(folder, name);
      if (SKIPPED_FOLDERS.has(name)) continue;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path, everyMarkdown || path === 'docs');
      else if ((everyMarkdown && name.endsWith('.md')) || name === 'CONTEXT.md') found.push(path);
    }
  };
  walk('.', false);
  return found.map((path) => relative(ROOT, join(ROOT, path))).sort();
}

/** What a doc cites: its backticked paths (an anchor or line number after them dropped) and relative links. */
export function citedPaths(markdown: string): { path: string; link: boolean }[] {
  const cited: { path: string; link: boolean }[] = [];
  for (const [, span = ''] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const path = span.replace(/(#[\w-]*|:\d+(-\d+)?)$/, '');
    if (CITED_PATH.test(path)) cited.push({ path, link: false });
  }
  for (const [, target = ''] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z]+:|#|\/)/i.test(target)) continue;
    const path = decodeURIComponent(target.replace(/#.*$/, ''));
    if (path !== '') cited.push({ path, link: true });
  }
  return cited;
}

/** Where a cited path may be read from: a link from the doc's folder; a backticked path from there or above. */
function exists(doc: string, { path, link }: { path: string; link: boolean }): boolean {
  if (link) return existsSync(resolve(ROOT, dirname(doc), path));
  if (UNTRACKED.test(path)) return true;
  if (SOURCE_FOLDERS.some((folder) => existsSync(resolve(ROOT, folder, path)))) return true;
  for (let folder = dirname(doc); ; folder = dirname(folder)) {
    if (existsSync(resolve(ROOT, folder, path))) return true;
    if (folder === '.' || folder === '') return false;
  }
}

describe('paths the docs cite', () => {
  it('reads backticked paths and links, not commands, globs or placeholders', () => {
    const markdown = [
      'See `client/live/liveWorker.ts` and `docs/decisions.md#toolchain` or `domain/live/evolve.ts:12`;',
      'run `npm run lint:layers`, `tests/e2e/*.test.ts`, `<folder>/CONTEXT.md`, `fleetDashboard.token`.',
      'Links: [map](map.md), [client](../client/README.md#live), [site](https://example.com), [top](#top).',
    ].join('\n');
    expect(citedPaths(markdown)).toEqual([
      { path: 'client/live/liveWorker.ts', link: false },
      { path: 'docs/decisions.md', link: false },
      { path: 'domain/live/evolve.ts', link: false },
      { path: 'map.md', link: true },
      { path: '../client/README.md', link: true },
    ]);
  });

  it('name files that exist, in docs/ and in every CONTEXT.md', () => {
    const docs = docsToCheck();
    expect(docs).toContain('docs/architecture.md');
    expect(docs).toContain('client/live/CONTEXT.md');
    const missing = docs.flatMap((doc) =>
      citedPaths(readFileSync(join(ROOT, doc), 'utf8'))
        .filter((cited) => !exists(doc, cited))
        .map((cited) => `${doc}: ${cited.path}`),
    );
    expect(missing).toEqual([]);
  });
});
