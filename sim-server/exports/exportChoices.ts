// Which of the organization's records an export or a report covers: its areas as regions, and the incidents and
// closures in a range that involve the chosen assets.
import type { AreaRecord } from '#domain/areas/areaRecord';
import type { ClosureRecord } from '#domain/closures/closureRecord';
import { spanOverlaps, type Region } from '#domain/exports/exportRows';
import type { LocationRecord } from '#domain/locations/locationRecord';
import type { ExportRepository } from './exportRepository.ts';

/** The organization's areas as the regions mileage is split by. */
export function organizationRegions(repository: ExportRepository, organizationId: string): Region[] {
  return repository.areas(organizationId).map((json) => {
    const area = JSON.parse(json) as AreaRecord;
    return {
      name: area.name,
      polygon: area.area_geom,
      centre: area.lat === null || area.lng === null ? null : { lat: area.lat, lng: area.lng },
      radiusMetres: area.radius_dist,
    };
  });
}

/** The organization's incidents overlapping [start, end] that involve one of `wanted` (any when empty), or that
 * involve no asset when `includeNoThings`. */
export function chosenIncidents(
  repository: ExportRepository,
  organizationId: string,
  range: { start: number; end: number },
  wanted: ReadonlySet<string>,
  includeNoThings: boolean,
): LocationRecord[] {
  return repository
    .locationsOverlapping(organizationId, range.start, range.end)
    .map((json) => JSON.parse(json) as LocationRecord)
    .filter((location) => {
      const things = [...location.things_active, ...location.things_inactive];
      if (things.length === 0) return includeNoThings;
      return wanted.size === 0 || things.some((thing) => wanted.has(thing.id));
    });
}

/** The organization's closures overlapping [start, end] whose type is one of `types`, or that one of `wanted`
 * drives or is associated with. */
export function chosenClosures(
  repository: ExportRepository,
  organizationId: string,
  range: { start: number; end: number },
  types: ReadonlySet<string>,
  wanted: ReadonlySet<string>,
): ClosureRecord[] {
  return repository
    .closures(organizationId)
    .map((json) => JSON.parse(json) as ClosureRecord)
    .filter(
      (closure) =>
        spanOverlaps(closure.start_time, closure.end_time, range.start, range.end) &&
        (types.has(closure.closure_type) ||
          [closure.thing_id, ...closure.things_associated].some((id) => id !== null && wanted.has(id))),
    );
}
