// The asset search box matches names, system id and plate/vehicle numbers, case-insensitively. Runs in the live
// worker (client/live/listView.ts).
import type { Thing } from '#domain/things/thing';

export function normaliseSearch(text: string): string {
  return text.trim().toLowerCase();
}

/** `query` is normalised (normaliseSearch). */
export function matchesSearch(thing: Thing, query: string): boolean {
  if (!query) return true;
  return [
    thing.primaryDisplayName,
    thing.secondaryDisplayName,
    thing.systemId,
    thing.plateNumber,
    thing.registryNumber,
    thing.vinNumber,
  ].some((field) => field.toLowerCase().includes(query));
}
