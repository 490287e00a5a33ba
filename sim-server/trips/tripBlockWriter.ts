// Writing trip blocks (issue 36): a block is the sealed telemetry of one thing (store/telemetryBlock.ts), with
// the log range of the rows it replaced; sealing deletes those rows (reading them as it does) and writes the blocks
// in the caller's transaction, and widens `max_block_span`, which the log reader (store/logReader.ts) relies on.
import type { SqliteDatabase } from '../store/database.ts';
import type { EventRow } from '../store/eventRow.ts';
import { noteLogRewritten } from '../store/logReader.ts';
import { encodeTelemetryBlock, type SealedSample } from '../store/telemetryBlock.ts';
import type { TripPoints } from './tripBlock.ts';

export const HOUR_MS = 3_600_000;
export const hourStart = (at: number): number => Math.floor(at / HOUR_MS) * HOUR_MS;

/** A log row as a block keeps it. */
export type SealedRow = Pick<EventRow, 'stream_id' | 'organization_id' | 'type' | 'data' | 'recorded_at'>;

export function createBlockWriter(db: SqliteDatabase, limits: { maxBlockSamples: number }) {
  const insertBlock = db.prepare<[number, number, number, Buffer, string, number | null, number | null]>(
    `INSERT INTO trip_blocks (thing_key, first_at, last_at, points, stream_id, first_seq, last_seq)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  // The rows a seal replaces, deleted and read in one statement (one descent of the table per row, one call for
  // the whole seal): the blocks written from them in the same transaction hold every field.
  const takeRows = db.prepare<[string], SealedRow & { seq: number }>(
    `DELETE FROM events WHERE seq IN (SELECT value FROM json_each(?))
     RETURNING seq, stream_id, organization_id, type, data, recorded_at`,
  );
  const selectThingId = db.prepare<[number], string>('SELECT id FROM things WHERE thing_key = ?').pluck();
  const widenSpan = db.prepare<[number, number]>(
    'UPDATE trip_store SET max_block_span = ? WHERE max_block_span < ?',
  );

  /**
   * Writes sorted samples of one thing as blocks, one per hour and at most `maxBlockSamples` each, with the log
   * rows they stand for (`rowOf`; null when the row is gone), which the caller deletes in the same transaction.
   */
  function writeBlocks(
    thingKey: number,
    points: TripPoints,
    rowOf: (seq: number) => SealedRow | null,
    streamIdHint?: string,
  ) {
    let start = 0;
    let streamId = streamIdHint ?? null;
    while (start < points.length) {
      const hourEnd = hourStart(points.at[start] ?? 0) + HOUR_MS;
      let end = start + 1;
      while (end < points.length && end - start < limits.maxBlockSamples && (points.at[end] ?? 0) < hourEnd)
        end += 1;
      const samples: SealedSample[] = [];
      let firstSeq: number | null = null;
      let lastSeq: number | null = null;
      for (let i = start; i < end; i += 1) {
        const seq = points.seq[i] ?? 0;
        const row = rowOf(seq);
        if (row) {
          streamId ??= row.stream_id;
          if (firstSeq === null || seq < firstSeq) firstSeq = seq;
          if (lastSeq === null || seq > lastSeq) lastSeq = seq;
        }
        samples.push({
          at: points.at[i] ?? 0,
          seq,
          lat: points.lat[i] ?? 0,
          lng: points.lng[i] ?? 0,
          speed: points.speed[i] ?? 0,
          course: points.course[i] ?? 0,
          enroute: points.enroute[i] === 1,
          row,
        });
      }
      streamId ??= selectThingId.get(thingKey) ?? '';
      const blob = encodeTelemetryBlock(streamId, samples);
      insertBlock.run(
        thingKey,
        points.at[start] ?? 0,
        points.at[end - 1] ?? 0,
        blob,
        streamId,
        firstSeq,
        lastSeq,
      );
      if (firstSeq !== null && lastSeq !== null) widenSpan.run(lastSeq - firstSeq, lastSeq - firstSeq);
      start = end;
    }
  }

  /** Seals the samples into blocks and deletes the rows they came from: the blocks are the log from now on. */
  function sealIntoLog(thingKey: number, points: TripPoints) {
    const rows = new Map<number, SealedRow>();
    for (const row of takeRows.all(JSON.stringify(Array.from(points.seq)))) rows.set(row.seq, row);
    writeBlocks(thingKey, points, (seq) => rows.get(seq) ?? null);
    noteLogRewritten(db);
  }

  return { writeBlocks, sealIntoLog };
}
