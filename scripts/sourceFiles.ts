// The repository's own TypeScript modules, as the house checks read them (import cycles, file sizes): every .ts and
// .tsx file under the source folders, as paths relative to the repository root.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const SOURCE_FOLDERS = ['domain', 'sim-server', 'client', 'scripts', 'tests'];

function filesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(join(repositoryRoot, folder))) {
    const path = join(folder, name);
    if (name === 'node_modules') continue;
    if (statSync(join(repositoryRoot, path)).isDirectory()) found.push(...filesUnder(path));
    else if (/\.tsx?$/.test(name)) found.push(normalize(path));
  }
  return found;
}

export function sourceFiles(): string[] {
  return SOURCE_FOLDERS.flatMap(filesUnder);
}
