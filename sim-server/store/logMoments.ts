// The log position of a moment (issue 36): the last event recorded at or before a time, rows and sealed telemetry
// alike. A bisection over positions asking `firstLogEventFrom` at every step (what time travel did) opens every block
// that straddles the probe, each time: at 10,000 assets a sweep's blocks all straddle one another, so each of the
// twenty-odd steps met 10,000 blocks. Here the log's time order is used instead: the rows and the blocks' first
// samples, each a sequence in time order of its own, are bisected apart (one row or one block a step), which
// brackets the answer between two of their positions; then the blocks that meet the bracket are searched once each.
import type { SqliteDatabase } from './database.ts';
import { decodedBlock, firstIndexPast } from './decodedBlocks.ts';
import { isLogSample } from './telemetryBlock.ts';

type Head = { id: number; first_seq: number; last_seq: number; stream_id: string; size: number };
type Statements = {
  firstRowFrom: { get(seq: number): { seq: number; recorded_at: number } | undefined };
  firstBlockFrom: { get(seq: number): Head | undefined };
  meeting: { all(low: number, high: number, from: number): Head[] };
  blob: { get(id: number): Buffer | undefined };
  maxSpan: { get(): unknown };
};
const statements = new WeakMap<SqliteDatabase, Statements>();
const HEAD = 'id, first_seq, last_seq, stream_id, length(points) AS size';

function statementsOf(db: SqliteDatabase): Statements {
  let found = statements.get(db);
  if (!found) {
    found = {
      firstRowFrom: db.prepare<[number], { seq: number; recorded_at: number }>(
        'SELECT seq, recorded_at FROM events WHERE seq >= ? ORDER BY seq LIMIT 1',
      ),
      firstBlockFrom: db.prepare<[number], Head>(
        `SELECT ${HEAD} FROM trip_blocks WHERE first_seq >= ? ORDER BY first_seq LIMIT 1`,
      ),
      meeting: db.prepare<[number, number, number], Head>(
        `SELECT ${HEAD} FROM trip_blocks WHERE first_seq >= ? AND first_seq <= ? AND last_seq >= ?`,
      ),
      blob: db.prepare<[number], Buffer>('SELECT points FROM trip_blocks WHERE id = ?').pluck(),
      maxSpan: db.prepare<[], number>('SELECT max_block_span FROM trip_store WHERE id = 1').pluck(),
    };
    statements.set(db, found);
  }
  return found;
}

/** The last of one time-ordered sequence recorded at or before `at`, and the position after it (the next one's, or
 * `end + 1`), by bisection; `first(seq)` gives the first item at or after `seq` with its recording time. */
function bracketOf(
  first: (seq: number) => { seq: number; recordedAt: number } | undefined,
  at: number,
  end: number,
): { last: number; next: number } {
  let low = 1;
  let high = end + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const item = first(middle);
    if (!item || item.seq > end || item.recordedAt > at) high = middle;
    else low = item.seq + 1;
  }
  const next = first(low);
  return { last: low - 1, next: next ? Math.min(next.seq, end + 1) : end + 1 };
}

/**
 * The last log position recorded at or before `at` (0 when none), of the events up to `lastSeq`: what a bisection
 * over every position with `firstLogEventFrom` gives, for one pass over the blocks instead of one per step.
 */
export function lastSeqRecordedBy(db: SqliteDatabase, at: number, lastSeq: number): number {
  const s = statementsOf(db);
  const blockOf = (head: Head) => decodedBlock(db, head, () => s.blob.get(head.id) ?? Buffer.alloc(0));
  const rows = bracketOf(
    (seq) => {
      const row = s.firstRowFrom.get(seq);
      return row && { seq: row.seq, recordedAt: row.recorded_at };
    },
    at,
    lastSeq,
  );
  // A block's first position is one of its log samples (trips/tripBlockWriter.ts), so the blocks ordered by it are
  // events in time order too.
  const starts = bracketOf(
    (seq) => {
      const head = s.firstBlockFrom.get(seq);
      if (!head) return undefined;
      const block = blockOf(head);
      const index = firstIndexPast(block, head.first_seq - 1, false);
      return { seq: head.first_seq, recordedAt: block.recordedAt[index] ?? 0 };
    },
    at,
    lastSeq,
  );
  // The answer is at or after the later of the two lasts, and before the earlier of the two nexts (every event from
  // either on was recorded after `at`). Only a block can hold an event in between.
  let best = Math.max(rows.last, starts.last);
  const before = Math.min(rows.next, starts.next, lastSeq + 1);
  const span = Number(s.maxSpan.get() ?? 0);
  for (const head of s.meeting.all(best - span, before - 1, best + 1)) {
    const block = blockOf(head);
    // The last sample before `before`, then back to the last one recorded by `at` that is a log event.
    let index = firstIndexPast(block, before, true);
    while (
      index >= 0 &&
      (block.seq[index] ?? 0) > best &&
      ((block.recordedAt[index] ?? 0) > at || !isLogSample(block, index))
    )
      index -= 1;
    const seq = block.seq[index] ?? 0;
    if (index >= 0 && seq > best) best = seq;
  }
  return best;
}
