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

/** A seal found fewer rows than it holds samples of (its savepoint rolls back). */
class RowsGone extends Error {}

const isInLog = (samples: SampleColumns, i: number) => ((samples.flags[i] ?? 0) & NOT_IN_LOG) === 0;

export function createBlockWriter(db: SqliteDatabase, limits: { maxBlockSamples: number }) {
  const insertBlock = db.prepare<[number, number, number, Buffer, string, number | null, number | null]>(
    `INSERT INTO trip_blocks (thing_key, first_at, last_at, points, stream_id, first_seq, last_seq)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  // The rows a seal replaces, by position (one call for the whole seal). When fewer went than were held (log
  // retention took some first), the savepoint is rolled back and they are deleted again, saying which were there.
  const deleteRows = db.prepare<[string]>('DELETE FROM events WHERE seq IN (SELECT value FROM json_each(?))');
  const deleteRowsSaying = db
    .prepare<[string], number>(
      'DELETE FROM events WHERE seq IN (SELECT value FROM json_each(?)) RETURNING seq',
    )
    .pluck();
  // A sweep (every held sample) deletes the stretch of the log they span instead: every telemetry row in it is held,
  // unless blocks from before issue 36 are about (their rows are still in the log, and no longer held).
  const deleteSpan = db.prepare<[number, number]>(
    `DELETE FROM events WHERE seq >= ? AND seq <= ? AND type IN ('PointRecorded', 'HeartbeatRecorded')`,
  );
  const selectFirstFormBlock = db.prepare('SELECT 1 FROM trip_blocks WHERE stream_id IS NULL LIMIT 1');
  let firstFormBlocks: boolean | null = null;
  // eslint-disable-next-line no-restricted-syntax -- a savepoint: sealing runs inside the caller's write, and this rolls back alone when rows went first
  const deleteAll = db.transaction((positions: Float64Array, list: () => string, wholeSpan: boolean) => {
    firstFormBlocks ??= selectFirstFormBlock.get() !== undefined;
    const changes =
      wholeSpan && !firstFormBlocks
        ? deleteSpan.run(positions[0] ?? 0, positions[positions.length - 1] ?? 0).changes
        : deleteRows.run(list()).changes;
    if (changes !== positions.length) throw new RowsGone();
  });
  // A file from before the blocks: its trip points' rows are read as they are deleted.
  const takeRows = db.prepare<[string], Omit<EventRow, 'stream_id'>>(
    `DELETE FROM events WHERE seq IN (SELECT value FROM json_each(?))
     RETURNING seq, organization_id, type, data, recorded_at`,
  );
  const widenSpan = db.prepare<[number, number]>(
    'UPDATE trip_store SET max_block_span = ? WHERE max_block_span < ?',
  );

  // Read per call, not kept: a rebuild of the projections may number the things anew.
  const selectThingId = db.prepare<[number], string>('SELECT id FROM things WHERE thing_key = ?').pluck();
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
    const streamId = streamIdHint ?? selectThingId.get(thingKey) ?? '';
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
    let count = 0;
    for (const entry of entries) for (let i = 0; i < entry.length; i += 1) if (isInLog(entry, i)) count += 1;
    const positions = new Float64Array(count);
    let at = 0;
    for (const entry of entries)
      for (let i = 0; i < entry.length; i += 1) if (isInLog(entry, i)) positions[at++] = entry.seq[i] ?? 0;
    positions.sort(); // in order, the rows are met page after page
    const list = () => `[${positions.join(',')}]`;
    try {
      deleteAll(positions, list, wholeSpan);
    } catch (error) {
      if (!(error instanceof RowsGone)) throw error;
      // Some rows went before the seal (retention): their samples are kept for trips, flagged as not in the log.
      const still = new Set(deleteRowsSaying.all(list()));
      for (const entry of entries)
        for (let i = 0; i < entry.length; i += 1)
          if (isInLog(entry, i) && !still.has(entry.seq[i] ?? 0))
            entry.flags[i] = (entry.flags[i] ?? 0) | NOT_IN_LOG;
    }
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

  return { writeBlocks, sealHeld, sealRows };
}
