// The dashboard built as it ships, for every tool that serves or measures a build (the browser tests' setup, the
// browser benchmarks, the bundle budget): Vite's production mode with NODE_ENV "production". Vite bundles the React
// build that NODE_ENV names, and Vitest sets it to "test": a build made inside a test run without this was React's
// development build under StrictMode (every component rendered twice, every effect set up twice), and the bundle
// budget measured a bundle no one ships.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export type DashboardBuild = {
  /** Another checkout's client (to compare before and after); this one's by default. */
  checkout?: string | undefined;
  /** Unminified, for a CPU profile read by function names. */
  unminified?: boolean;
};

export async function buildProductionDashboard(outDir: string, options: DashboardBuild = {}): Promise<void> {
  const { build } = await import('vite');
  const root = resolve(options.checkout ?? repositoryRoot);
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(root, 'vite.config.ts'),
      root: join(root, 'client'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, ...(options.unminified ? { minify: false } : {}) },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
