// The dashboard's build for `npm start` and `npm run cluster`: rebuilt when its sources are newer than the build, so
// a checkout that changed the client serves the change. A failed build leaves the simulator serving the API only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defaultClientDir, repoRoot } from '#sim/kernel/paths';

const CLIENT_INPUTS = ['client', 'domain', 'vite.config.ts', 'package.json'];

function newestModification(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stats = fs.statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of fs.readdirSync(entry))
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

function clientBuildIsStale(): boolean {
  const builtIndex = path.join(defaultClientDir, 'index.html');
  if (!fs.existsSync(builtIndex)) return true;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  return CLIENT_INPUTS.some((input) => newestModification(path.join(repoRoot, input)) > builtAt);
}

export function buildClientIfNeeded(): void {
  if (!clientBuildIsStale()) return;
  console.log('Building the dashboard (npm run build:client)...');
  const result = spawnSync('npm', ['run', 'build:client'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.warn('The dashboard build failed; the simulator starts with the API only.');
  }
}
