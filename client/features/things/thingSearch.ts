// The asset search box matches names, system id and plate/vehicle numbers, case-insensitively.
import type { Thing } from '#domain/things/thing';

export function normaliseSearch(text: string): string {
  return text.trim().toLowerCase();
}

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

export function filterThings(things: readonly Thing[], query: string): readonly Thing[] {
  const normalised = normaliseSearch(query);
  return normalised ? things.filter((thing) => matchesSearch(thing, normalised)) : things;
}
