// Browser tests run the real thing: the client built by Vite, served by the simulator on a free port with a fresh
// database, driven by Debian's headless Chromium. This setup builds, starts, and hands the URLs to the tests.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { startSimulator } from '#sim/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The simulator's origin, e.g. `http://127.0.0.1:40123`; it serves the built dashboard at `/`. */
    baseUrl: string;
    chromiumPath: string;
    /** Where the simulator keeps exports and reports (beside its database): a test may block it to fail an export. */
    filesDir: string;
  }
}

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const CHROMIUM_NOT_FOUND =
  "Chromium not found: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH";

export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(
    (path): path is string => typeof path === 'string' && path.length > 0,
  );
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(CHROMIUM_NOT_FOUND);
  return found;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = findChromium();
  const workDir = await mkdtemp(join(tmpdir(), 'fleet-e2e-'));
  const clientDir = join(workDir, 'client');
  await build({
    configFile: join(repositoryRoot, 'vite.config.ts'),
    root: join(repositoryRoot, 'client'),
    logLevel: 'warn',
    build: { outDir: clientDir, emptyOutDir: true },
  });
  const simulator = await startSimulator({
    port: 0,
    host: '127.0.0.1',
    databasePath: join(workDir, 'simulator.sqlite'),
    fresh: true,
    // No replay: the only movement is what the test sends, so a moved marker proves the cable path.
    replay: false,
    clientDir,
    logger: false,
  });
  project.provide('baseUrl', simulator.url.replace(/\/$/, ''));
  project.provide('chromiumPath', chromiumPath);
  project.provide('filesDir', `${join(workDir, 'simulator.sqlite')}.files`);
  return async () => {
    await simulator.close();
    await rm(workDir, { recursive: true, force: true });
  };
}
