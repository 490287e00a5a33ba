// Writing trip blocks (issue 36): a block is the sealed telemetry of one thing (store/telemetryBlock.ts), with
// the log range of the rows it replaced. Sealing deletes those rows and writes the blocks in the caller's
// transaction, and widens `max_block_span`, which the log reader (store/logReader.ts) relies on. The blocks are
// written from what the trip store holds (heldSamples.ts: every field of each row), so sealing reads no row back
// and parses no JSON: one DELETE of the rows' positions, sorted, gives back which of them were still there.
import type { SqliteDatabase } from '../store/database.ts';
import type { EventRow } from '../store/eventRow.ts';
import { noteLogRewritten } from '../store/logReader.ts';
import { encodeTelemetryBlock, NOT_IN_LOG, type SampleColumns } from '../store/telemetryBlock.ts';
import { columnsOfTripPoints, type HeldSamples } from './heldSamples.ts';
import type { TripPoints } from './tripBlock.ts';

export const HOUR_MS = 3_600_000;
export const hourStart = (at: number): number => Math.floor(at / HOUR_MS) * HOUR_MS;

/** The samples at `indexes` in time order (at, then seq): the same list when they already are. */
function inTimeOrder(samples: SampleColumns, indexes: number[]): number[] {
  const { at, seq } = samples;
  const before = (i: number, j: number) => (at[i] ?? 0) - (at[j] ?? 0) || (seq[i] ?? 0) - (seq[j] ?? 0);
  for (let k = 1; k < indexes.length; k += 1)
    if (before(indexes[k - 1] ?? 0, indexes[k] ?? 0) > 0) return [...indexes].sort(before);
  return indexes;
}

const isInLog = (samples: SampleColumns, i: number) => ((samples.flags[i] ?? 0) & NOT_IN_LOG) === 0;

/** Deletes the log rows of held samples being sealed, flagging the samples whose rows were gone as not in the log. */
function createHeldRowsDeleter(db: SqliteDatabase) {
  // The rows a seal replaces, by position (one call for the whole seal). They are counted first: when fewer are
  // there than were held (log retention took some), they are deleted saying which were there. Counting (a read)
  // rather than deleting in a savepoint and rolling it back: a savepoint makes SQLite copy every page the delete
  // touches into its statement journal first, tens of megabytes in a sweep.
  const countRows = db
    .prepare<[string], number>('SELECT count(*) FROM events WHERE seq IN (SELECT value FROM json_each(?))')
    .pluck();
  const deleteRows = db.prepare<[string]>('DELETE FROM events WHERE seq IN (SELECT value FROM json_each(?))');
  const deleteRowsSaying = db
    .prepare<[string], number>(
      'DELETE FROM events WHERE seq IN (SELECT value FROM json_each(?)) RETURNING seq',
    )
    .pluck();
  // A sweep (every held sample) deletes the stretch of the log they span instead: every telemetry row in it is held,
  // unless blocks from before issue 36 are about (their rows are still in the log, and no longer held).
  const TELEMETRY_IN_SPAN = `FROM events WHERE seq >= ? AND seq <= ? AND type IN ('PointRecorded', 'HeartbeatRecorded')`;
  // Counted as every row of the span less those that are not telemetry (found by their partial index): counting
  // rows by position alone reads no row's type.
  const countSpan = db
    .prepare<[number, number, number, number], number>(
      `SELECT (SELECT count(*) FROM events WHERE seq >= ? AND seq <= ?) -
         (SELECT count(*) FROM events WHERE seq >= ? AND seq <= ?
          AND type NOT IN ('PointRecorded', 'HeartbeatRecorded'))`,
    )
    .pluck();
  const deleteSpan = db.prepare<[number, number]>(`DELETE ${TELEMETRY_IN_SPAN}`);
  const selectFirstFormBlock = db.prepare('SELECT 1 FROM trip_blocks WHERE stream_id IS NULL LIMIT 1');
  let firstFormBlocks: boolean | null = null;
  /** Deletes the `count` rows the seal holds, from `first` to `last`, when every one of them is there (`list`: their
   * positions as JSON, sorted); false, deleting none, if not. */
  function deleteAll(count: number, first: number, last: number, list: () => string, wholeSpan: boolean) {
    firstFormBlocks ??= selectFirstFormBlock.get() !== undefined;
    const bySpan = wholeSpan && !firstFormBlocks;
    const there = bySpan ? countSpan.get(first, last, first, last) : countRows.get(list());
    if (there !== count) return false;
    const changes = bySpan ? deleteSpan.run(first, last).changes : deleteRows.run(list()).changes;
    // Counted in the same transaction just before: a difference means the store's bookkeeping is wrong.
    if (changes !== count) throw new Error(`A seal deleted ${changes} rows of ${count}`);
    return true;
  }

  return function deleteHeldRows(entries: readonly HeldSamples[], wholeSpan: boolean): void {
    let count = 0;
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const entry of entries)
      for (let i = 0; i < entry.length; i += 1)
        if (isInLog(entry, i)) {
          const seq = entry.seq[i] ?? 0;
          count += 1;
          if (seq < first) first = seq;
          if (seq > last) last = seq;
        }
    // The positions themselves only when deleted one by one (a seal of one thing, or rows missing).
    let listed: string | null = null;
    const list = () => {
      if (listed !== null) return listed;
      const positions = new Float64Array(count);
      let at = 0;
      for (const entry of entries)
        for (let i = 0; i < entry.length; i += 1) if (isInLog(entry, i)) positions[at++] = entry.seq[i] ?? 0;
      positions.sort(); // in order, the rows are met page after page
      return (listed = `[${positions.join(',')}]`);
    };
    if (count > 0 && !deleteAll(count, first, last, list, wholeSpan)) {
      // Some rows went before the seal (retention): their samples are kept for trips, flagged as not in the log.
      const still = new Set(deleteRowsSaying.all(list()));
      for (const entry of entries)
        for (let i = 0; i < entry.length; i += 1)
          if (isInLog(entry, i) && !still.has(entry.seq[i] ?? 0))
            entry.flags[i] = (entry.flags[i] ?? 0) | NOT_IN_LOG;
    }
  };
}

export function createBlockWriter(db: SqliteDatabase, limits: { maxBlockSamples: number }) {
  const deleteHeldRows = createHeldRowsDeleter(db);
  const insertBlock = db.prepare<[number, number, number, Buffer, string, number | null, number | null]>(
    `INSERT INTO trip_blocks (thing_key, first_at, last_at, points, stream_id, first_seq, last_seq)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  // A file from before the blocks: its trip points' rows are read as they are deleted.
  const takeRows = db.prepare<[string], Omit<EventRow, 'stream_id'>>(
    `DELETE FROM events WHERE seq IN (SELECT value FROM json_each(?))
     RETURNING seq, organization_id, type, data, recorded_at`,
  );
  const widenSpan = db.prepare<[number, number]>(
    'UPDATE trip_store SET max_block_span = ? WHERE max_block_span < ?',
  );

  // Remembered across seals (a sweep seals every thing), until `forgetThings`: a rebuild of the projections may
  // number the things anew, and a rolled-back transaction may take back a thing it registered.
  const selectThingId = db.prepare<[number], string>('SELECT id FROM things WHERE thing_key = ?').pluck();
  const thingIds = new Map<number, string>();
  const idOf = (thingKey: number): string => {
    let id = thingIds.get(thingKey);
    if (id === undefined) {
      id = selectThingId.get(thingKey);
      if (id === undefined) return '';
      thingIds.set(thingKey, id);
    }
    return id;
  };
  /** The widest log range of the blocks written since the last `widenToWritten` (one update per seal). */
  let widest = -1;
  const widenToWritten = () => {
    if (widest >= 0) widenSpan.run(widest, widest);
    widest = -1;
  };

  /** Writes one block of the samples at `indexes` (time order, within one hour). */
  function writeBlock(thingKey: number, samples: SampleColumns, indexes: number[], streamId: string) {
    let firstSeq: number | null = null;
    let lastSeq: number | null = null;
    for (const i of indexes) {
      if (!isInLog(samples, i)) continue;
      const seq = samples.seq[i] ?? 0;
      if (firstSeq === null || seq < firstSeq) firstSeq = seq;
      if (lastSeq === null || seq > lastSeq) lastSeq = seq;
    }
    const blob = encodeTelemetryBlock(streamId, samples, indexes);
    const firstAt = samples.at[indexes[0] ?? 0] ?? 0;
    const lastAt = samples.at[indexes[indexes.length - 1] ?? 0] ?? 0;
    insertBlock.run(thingKey, firstAt, lastAt, blob, streamId, firstSeq, lastSeq);
    if (firstSeq !== null && lastSeq !== null) widest = Math.max(widest, lastSeq - firstSeq);
  }

  /**
   * Writes samples of one thing (`indexes`, all of them when not given) as blocks, one per hour and at most
   * `maxBlockSamples` each. Their rows, if any, the caller deletes in the same transaction.
   */
  function writeBlocksOnly(
    thingKey: number,
    samples: SampleColumns,
    indexes?: number[],
    streamIdHint?: string,
  ) {
    const order = inTimeOrder(samples, indexes ?? Array.from({ length: samples.length }, (_, i) => i));
    const streamId = streamIdHint ?? idOf(thingKey);
    let start = 0;
    while (start < order.length) {
      const hourEnd = hourStart(samples.at[order[start] ?? 0] ?? 0) + HOUR_MS;
      let end = start + 1;
      while (
        end < order.length &&
        end - start < limits.maxBlockSamples &&
        (samples.at[order[end] ?? 0] ?? 0) < hourEnd
      )
        end += 1;
      writeBlock(thingKey, samples, order.slice(start, end), streamId);
      start = end;
    }
  }

  function writeBlocks(thingKey: number, samples: SampleColumns, indexes?: number[], streamIdHint?: string) {
    writeBlocksOnly(thingKey, samples, indexes, streamIdHint);
    widenToWritten();
  }

  /** Seals held samples into blocks and deletes their rows: the blocks are the log from now on. `wholeSpan`: the
   * entries are every sample the store holds but for the log's newest. */
  function sealHeld(entries: readonly HeldSamples[], wholeSpan: boolean) {
    deleteHeldRows(entries, wholeSpan);
    for (const entry of entries) writeBlocksOnly(entry.thingKey, entry);
    widenToWritten();
    noteLogRewritten(db);
  }

  /** Seals trip points whose rows are in the log as they were (a file from before the blocks), reading the rows. */
  function sealRows(thingKey: number, points: TripPoints) {
    const rows = new Map<number, Omit<EventRow, 'stream_id'>>();
    for (const row of takeRows.all(JSON.stringify(Array.from(points.seq)))) rows.set(row.seq, row);
    writeBlocks(
      thingKey,
      columnsOfTripPoints(points, (seq) => rows.get(seq)),
    );
    noteLogRewritten(db);
  }

  return { writeBlocks, sealHeld, sealRows, forgetThings: () => thingIds.clear() };
}
