// `npm install --omit=dev && npm start` must work: every package that the simulator, the dashboard build or the
// start script loads at run time is a runtime dependency (docs/decisions.md, "Runtime dependencies").
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** What `npm start` runs or builds: the simulator, the dashboard and what they share, the start script. */
const RUNTIME_SOURCES = ['sim-server', 'domain', 'client', 'scripts/start.ts', 'vite.config.ts'];

const packageJson = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

function sourceFiles(entry: string): string[] {
  const full = path.join(repoRoot, entry);
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full)
    .flatMap((child) => sourceFiles(path.join(entry, child)))
    .filter((file) => /\.(ts|tsx)$/.test(file));
}

// Static imports and re-exports (type-only ones erased at run time are skipped), side-effect and dynamic imports.
const STATEMENT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g;

/** `react-dom/client` → `react-dom`, `@preact/signals-react/runtime` → `@preact/signals-react`. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('#') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('?')[0]?.split('/') ?? [];
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  return builtinModules.includes(name) ? null : name;
}

function runtimePackagesOf(file: string): string[] {
  const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  const specifiers = [
    ...[...text.matchAll(STATEMENT)].filter((match) => !match[1]).map((match) => match[2] ?? ''),
    ...[...text.matchAll(DYNAMIC)].map((match) => match[1] ?? ''),
  ];
  return specifiers.map(packageOf).filter((name): name is string => name !== null);
}

describe('runtime dependencies', () => {
  it('include every package that npm start loads or builds with', () => {
    const used = new Map<string, string>();
    for (const file of RUNTIME_SOURCES.flatMap(sourceFiles))
      for (const name of runtimePackagesOf(file)) if (!used.has(name)) used.set(name, file);
    // The scan itself must see the packages the issue was about.
    expect([...used.keys()]).toEqual(expect.arrayContaining(['@faker-js/faker', 'vite', 'fastify', 'react']));
    const missing = [...used].filter(([name]) => !(name in packageJson.dependencies));
    expect(missing.map(([name, file]) => `${name} (imported by ${file})`)).toEqual([]);
  });
});
