// Where the simulator finds the repository, the shared road data and the built dashboard.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The shared folder sits beside the repository unless SHARED_DIR points elsewhere. */
export function resolveSharedDir(environment: NodeJS.ProcessEnv = process.env): string {
  return environment.SHARED_DIR
    ? path.resolve(environment.SHARED_DIR)
    : path.resolve(repoRoot, '..', 'shared');
}

export function chicagoStreetsPath(sharedDir: string): string {
  return path.join(sharedDir, 'data', 'chicago-bike-routes', 'Bikeroutes.geojson');
}

export const defaultClientDir = path.join(repoRoot, 'dist', 'client');
