// The trip store's reads (trips/tripStore.ts): one thing's samples in a time range, the latest hour with a sample
// before a moment, and its first and latest sample, each joining the stored blocks and what the store holds. A block
// lies within one UTC hour, so the blocks with samples in [from, to] begin between from's hour and to.
import type { SqliteDatabase } from '../store/database.ts';
import { concatWithin, decodeStoredBlock, inTimeOrder, type TripPoints } from './tripBlock.ts';
import { hourStart } from './tripBlockWriter.ts';

export type TripReads = {
  /** The thing's samples taken within [from, to] (unix ms), in time order. */
  pointsBetween(thingKey: number, from: number, to: number): TripPoints;
  /** The start of the latest UTC hour with a sample of the thing taken before `before`, or null when none is. */
  latestHourBefore(thingKey: number, before: number): number | null;
  /** The first and latest sample times, null when the thing has none. */
  coverage(thingKey: number): { first: number; last: number } | null;
};

/** `heldOf`: the thing's samples not yet sealed (any order), null when none are. */
export function createTripReads(
  db: SqliteDatabase,
  heldOf: (thingKey: number) => TripPoints | null,
): TripReads {
  const selectBlocks = db
    .prepare<[number, number, number], [number, Buffer, string | null]>(
      `SELECT last_at, points, stream_id FROM trip_blocks WHERE thing_key = ? AND first_at >= ? AND first_at <= ?
       ORDER BY first_at, id`,
    )
    .raw(true);
  const selectLatestFirstBefore = db
    .prepare<[number, number], [number | null]>(
      'SELECT max(first_at) FROM trip_blocks WHERE thing_key = ? AND first_at < ?',
    )
    .raw(true);
  const selectFirst = db
    .prepare<[number], [number | null]>('SELECT min(first_at) FROM trip_blocks WHERE thing_key = ?')
    .raw(true);
  const selectLatestFirst = db
    .prepare<[number], [number | null]>('SELECT max(first_at) FROM trip_blocks WHERE thing_key = ?')
    .raw(true);
  const selectLastFrom = db
    .prepare<[number, number], [number | null]>(
      'SELECT max(last_at) FROM trip_blocks WHERE thing_key = ? AND first_at >= ?',
    )
    .raw(true);

  return {
    pointsBetween(thingKey, from, to) {
      const parts: TripPoints[] = [];
      for (const [lastAt, blob, streamId] of selectBlocks.all(thingKey, hourStart(from), to))
        if (lastAt >= from) parts.push(decodeStoredBlock(blob, streamId));
      const held = heldOf(thingKey);
      if (held) parts.push(inTimeOrder(held));
      return inTimeOrder(concatWithin(parts, from, to));
    },
    latestHourBefore(thingKey, before) {
      let latest = selectLatestFirstBefore.get(thingKey, before)?.[0] ?? null;
      const held = heldOf(thingKey);
      if (held) for (const at of held.at) if (at < before && (latest === null || at > latest)) latest = at;
      return latest === null ? null : hourStart(latest);
    },
    coverage(thingKey) {
      let first = selectFirst.get(thingKey)?.[0] ?? null;
      const latestFirst = selectLatestFirst.get(thingKey)?.[0] ?? null;
      let last =
        latestFirst === null ? null : (selectLastFrom.get(thingKey, hourStart(latestFirst))?.[0] ?? null);
      const held = heldOf(thingKey);
      if (held)
        for (const at of held.at) {
          if (first === null || at < first) first = at;
          if (last === null || at > last) last = at;
        }
      return first === null || last === null ? null : { first, last };
    },
  };
}
