// Where the simulator finds the repository, the road data it carries (resources/) and the built dashboard.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The folder holding `data/` and `standards/`: the repository's own `resources/` (a clone alone runs), unless
 * SHARED_DIR points at another folder of the same layout.
 */
export function resolveSharedDir(environment: NodeJS.ProcessEnv = process.env): string {
  return environment.SHARED_DIR ? path.resolve(environment.SHARED_DIR) : path.join(repoRoot, 'resources');
}

export function chicagoStreetsPath(sharedDir: string): string {
  return path.join(sharedDir, 'data', 'chicago-bike-routes', 'Bikeroutes.geojson');
}

export const defaultClientDir = path.join(repoRoot, 'dist', 'client');
