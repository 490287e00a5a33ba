// What the asset load's failures read as (live §8 "Assets load"). The snapshot itself, with its pages in
// sequence, is loaded by the domain pipeline (domain/pipeline/snapshotLoads.ts) through client/live/liveSources.ts.

/** Assets load errors (live §8). */
export function thingsLoadErrorMessage(status: number): string {
  if (status === 0) return 'Connection failed';
  if (status === 404) return 'Organization not found';
  return 'Unknown failure';
}
