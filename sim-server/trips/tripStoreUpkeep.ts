// The trip store's upkeep of stored blocks (trips/tripStore.ts): log retention's trim of one thing's blocks before
// a cut-off (the block the cut-off falls in is written anew with what it keeps, from its own columns), and the one-off
// move of a file's trip points from before the blocks (a row per sample in `trip_points`) into blocks.
import type { SqliteDatabase } from '../store/database.ts';
import { decodeTelemetryBlock, NOT_IN_LOG, type SampleColumns } from '../store/telemetryBlock.ts';
import { columnsOfBlock, columnsOfTripPoints } from './heldSamples.ts';
import {
  decodeTripBlock,
  emptyTripPoints,
  inTimeOrder,
  logSampleCount,
  type TripPoints,
} from './tripBlock.ts';

type WriteBlocks = (
  thingKey: number,
  samples: SampleColumns,
  indexes?: number[],
  streamIdHint?: string,
) => void;

/** Removes the thing's blocks' samples taken before `cutoff`; returns how many of them were log events. */
export function createBlockTrimmer(db: SqliteDatabase, writeBlocks: WriteBlocks) {
  const deleteBefore = db.prepare<[number, number, number]>(
    'DELETE FROM trip_blocks WHERE thing_key = ? AND first_at < ? AND last_at < ?',
  );
  const selectStraddling = db
    .prepare<[number, number], [number, Buffer, string | null]>(
      'SELECT id, points, stream_id FROM trip_blocks WHERE thing_key = ? AND first_at < ?',
    )
    .raw(true);
  const deleteBlock = db.prepare<[number]>('DELETE FROM trip_blocks WHERE id = ?');
  // Blocks wholly before a cut-off: how many log events they hold goes into retention's count.
  const countBefore = db
    .prepare<[number, number, number], [Buffer, string | null]>(
      'SELECT points, stream_id FROM trip_blocks WHERE thing_key = ? AND first_at < ? AND last_at < ?',
    )
    .raw(true);

  return function trimBlocksBefore(thingKey: number, cutoff: number): number {
    let removed = 0;
    for (const [blob, streamId] of countBefore.all(thingKey, cutoff, cutoff))
      removed += logSampleCount(blob, streamId);
    deleteBefore.run(thingKey, cutoff, cutoff);
    for (const [id, blob, streamId] of selectStraddling.all(thingKey, cutoff)) {
      // A block from before issue 36 (no stream id) stands for no log row: its samples are written as trips only.
      const samples =
        streamId === null
          ? columnsOfTripPoints(decodeTripBlock(blob), () => undefined)
          : columnsOfBlock(decodeTelemetryBlock(blob));
      const kept: number[] = [];
      for (let i = 0; i < samples.length; i += 1) {
        if ((samples.at[i] ?? 0) >= cutoff) kept.push(i);
        else if (streamId !== null && ((samples.flags[i] ?? 0) & NOT_IN_LOG) === 0) removed += 1;
      }
      deleteBlock.run(id);
      if (kept.length > 0) writeBlocks(thingKey, samples, kept, streamId ?? undefined);
    }
    return removed;
  };
}

/** A file from before the blocks has one row per sample in trip_points: they become blocks, once. `sealRows`
 * writes one thing's points as blocks with their log rows (deleted as they are read). */
export function moveTripPointsIntoBlocks(
  db: SqliteDatabase,
  sealRows: (thingKey: number, points: TripPoints) => void,
  noteSealed: (thingKey: number, seq: number) => void,
): void {
  const legacy = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'trip_points'")
    .get();
  if (!legacy) return;
  const rows = db
    .prepare<[], [number, number, number, number, number, number, number, number]>(
      'SELECT thing_key, at, seq, lat, lng, speed, course, enroute FROM trip_points ORDER BY thing_key, at, seq',
    )
    .raw(true);
  // eslint-disable-next-line no-restricted-syntax -- once, as the trip store is built over a file while it opens, before the app serves or a shared log is attached
  db.transaction(() => {
    let thingKey: number | null = null;
    let values: number[][] = [];
    let maxSeq = 0;
    const flush = () => {
      if (thingKey === null || values.length === 0) return;
      const points = emptyTripPoints(values.length);
      values.forEach(([at, seq, lat, lng, speed, course, enroute], i) => {
        points.at[i] = at ?? 0;
        points.seq[i] = seq ?? 0;
        points.lat[i] = lat ?? 0;
        points.lng[i] = lng ?? 0;
        points.speed[i] = speed ?? 0;
        points.course[i] = course ?? 0;
        points.enroute[i] = enroute ?? 0;
      });
      sealRows(thingKey, inTimeOrder(points));
      noteSealed(thingKey, maxSeq);
      values = [];
    };
    for (const [key, at, seq, lat, lng, speed, course, enroute] of rows.iterate()) {
      if (key !== thingKey || values.length >= 100_000) {
        flush();
        if (key !== thingKey) maxSeq = 0;
        thingKey = key;
      }
      values.push([at, seq, lat, lng, speed, course, enroute]);
      maxSeq = Math.max(maxSeq, seq);
    }
    flush();
    db.exec('DROP TABLE trip_points');
  })();
}
