// The asset search box's rule (live §2 "Things (assets) list"): names, system id and plate, registry and VIN
// numbers match case-insensitively. The live worker runs it over the whole organization (client/live/listView.ts).
import type { Thing } from './thing.ts';

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
