// Which incident a thing is on and which closures it drives (live §3 thing.location and thing.closures), kept from
// the location and closure events. Applying one answers the things whose links changed, so the caller rebuilds
// their wire JSON and moves their update time (incremental loads then pick them up).
import type { SqliteDatabase } from '../store/database.ts';
import type { ClosureRecord } from '#domain/closures/closureRecord';
import type { LocationRecord } from '#domain/locations/locationRecord';

export type ThingLinks = {
  /**
   * The incident the thing is on, when it arrived there (its entry's start_time) and when the incident started: a
   * managing organization does not load the owner's incidents, so it reads both from the thing (issue 25).
   */
  location: { id: string; arrived_at: string; started_at: string } | null;
  closures: { id: string; external_id: string | null }[];
};

export const NO_THING_LINKS: ThingLinks = { location: null, closures: [] };

export type ThingLinkProjection = {
  linksOf(thingId: string): ThingLinks;
  /** Returns the ids of the things whose links changed. */
  locationSaved(location: LocationRecord): string[];
  closureSaved(closure: ClosureRecord): string[];
  closureDeleted(closureId: string): string[];
};

export function createThingLinkProjection(db: SqliteDatabase): ThingLinkProjection {
  // A thing on two active incidents at once is shown on the one it joined last. `start_at` is when it arrived (its
  // entry's start_time, else the incident's start): a managing organization, which does not load the owner's
  // incidents, reads the arrival from the thing itself (issue 25).
  const selectLocation = db.prepare<
    [string],
    { location_id: string; start_at: number; incident_start_at: number | null }
  >(`
    SELECT link.location_id, link.start_at, location.start_at AS incident_start_at
    FROM thing_location_links link LEFT JOIN locations location ON location.id = link.location_id
    WHERE link.thing_id = ?
    ORDER BY link.start_at DESC, link.location_id DESC LIMIT 1`);
  // Read before the saved location replaces its row: a new start time changes every thing on it.
  const selectLocationStart = db.prepare<[string], { start_at: number }>(
    'SELECT start_at FROM locations WHERE id = ?',
  );
  const selectClosures = db.prepare<[string], { closure_id: string; external_id: string | null }>(
    'SELECT closure_id, external_id FROM thing_closure_links WHERE thing_id = ? ORDER BY closure_id',
  );
  const selectLocationThings = db.prepare<[string], { thing_id: string; start_at: number }>(
    'SELECT thing_id, start_at FROM thing_location_links WHERE location_id = ?',
  );
  const deleteLocationLinks = db.prepare('DELETE FROM thing_location_links WHERE location_id = ?');
  // Only things the simulator knows get a link: a location may name a device that was never registered.
  const insertLocationLink = db.prepare(`
    INSERT OR IGNORE INTO thing_location_links (thing_id, location_id, start_at)
    SELECT id, ?, ? FROM things WHERE id = ?`);
  const selectClosureThings = db.prepare<[string], { thing_id: string; external_id: string | null }>(
    'SELECT thing_id, external_id FROM thing_closure_links WHERE closure_id = ?',
  );
  const deleteClosureLinks = db.prepare('DELETE FROM thing_closure_links WHERE closure_id = ?');
  const insertClosureLink = db.prepare(`
    INSERT OR IGNORE INTO thing_closure_links (thing_id, closure_id, external_id)
    SELECT id, ?, ? FROM things WHERE id = ?`);

  /** Things linked before or after, minus those whose link reads the same both times. */
  function changed<Row extends { thing_id: string }>(
    before: Row[],
    after: Row[],
    same: (a: Row, b: Row) => boolean,
  ): string[] {
    const ids = new Set<string>();
    for (const row of before) {
      const now = after.find((candidate) => candidate.thing_id === row.thing_id);
      if (!now || !same(row, now)) ids.add(row.thing_id);
    }
    for (const row of after) {
      if (!before.some((candidate) => candidate.thing_id === row.thing_id)) ids.add(row.thing_id);
    }
    return [...ids];
  }

  return {
    linksOf(thingId) {
      const location = selectLocation.get(thingId);
      return {
        location: location
          ? {
              id: location.location_id,
              arrived_at: new Date(location.start_at).toISOString(),
              started_at: new Date(location.incident_start_at ?? location.start_at).toISOString(),
            }
          : null,
        closures: selectClosures
          .all(thingId)
          .map((row) => ({ id: row.closure_id, external_id: row.external_id })),
      };
    },
    locationSaved(location) {
      const before = selectLocationThings.all(location.id);
      const startAt = Date.parse(location.start_time);
      const startMoved = (selectLocationStart.get(location.id)?.start_at ?? startAt) !== startAt;
      deleteLocationLinks.run(location.id);
      if (location.is_active) {
        for (const thing of location.things_active) {
          const arrivedAt = Date.parse(thing.start_time);
          insertLocationLink.run(location.id, Number.isNaN(arrivedAt) ? startAt : arrivedAt, thing.id);
        }
      }
      const after = selectLocationThings.all(location.id);
      return changed(before, after, (a, b) => !startMoved && a.start_at === b.start_at);
    },
    closureSaved(closure) {
      const before = selectClosureThings.all(closure.id);
      deleteClosureLinks.run(closure.id);
      // Only an automated closure is driven by its asset; a manual one merely names it.
      if (closure.is_active && closure.closure_type === 'automated') {
        for (const thingId of closure.things_associated)
          insertClosureLink.run(closure.id, closure.external_id, thingId);
      }
      const after = selectClosureThings.all(closure.id);
      return changed(before, after, (a, b) => a.external_id === b.external_id);
    },
    closureDeleted(closureId) {
      const before = selectClosureThings.all(closureId);
      deleteClosureLinks.run(closureId);
      return before.map((row) => row.thing_id);
    },
  };
}
