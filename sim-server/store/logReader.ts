// The one way to read the event log (issue 36): rows still in `events` and the telemetry sealed into blocks
// (`trip_blocks` with a log range, telemetryBlock.ts) alike, in log order, as the `events` rows they are or were.
// A k-way merge: the rows in pages, and every block whose log range meets the range read, opened when the merge
// reaches its first position (its last, reading backwards). `max_block_span` (the widest log range a block covers)
// bounds which blocks can meet a range, so a read near the log's end does not step over the blocks before it.
// Sealing or trimming between two pulls (a long read with writes in between) makes the reader plan again from the
// position it reached; the rows it held may be in a block by then.
import type { SqliteDatabase } from './database.ts';
import type { EventRow } from './eventRow.ts';
import { decodedBlock, firstIndexPast } from './decodedBlocks.ts';
import { isLogSample, rowOfSample, sampleType, type TelemetryBlock } from './telemetryBlock.ts';

export type LogReadOptions = {
  /** Newest first, from `untilSeq` down. */
  descending?: boolean;
  /** Only these event types. */
  types?: readonly EventRow['type'][];
  /** Only these streams. */
  streamIds?: ReadonlySet<string>;
};

const ROW_PAGE = 2_000;
const BLOCK_PAGE = 200;

/** A block's head without its bytes, which are read only when the block is not decoded already (at 10,000 assets
 * a read meets some 10,000 blocks, mostly decoded by an earlier read). */
type BlockHead = { id: number; first_seq: number; last_seq: number; stream_id: string; size: number };
type Statements = {
  rows: Map<string, ReturnType<SqliteDatabase['prepare']>>;
  blocksUp: ReturnType<typeof prepareBlocks>;
  blocksDown: ReturnType<typeof prepareBlocks>;
  blob: { get(id: number): Buffer | undefined };
  maxSpan: { get(): unknown };
};

const HEAD = 'id, first_seq, last_seq, stream_id, length(points) AS size';

function prepareBlocks(db: SqliteDatabase, descending: boolean) {
  // Ascending: blocks by first position after the cursor and up to the range's end, that reach past its start.
  // Descending: by last position below the cursor, that begin at or before the range's end... and reach its start.
  return db.prepare<[number, number, number], BlockHead>(
    descending
      ? `SELECT ${HEAD} FROM trip_blocks
         WHERE last_seq < ? AND last_seq > ? AND first_seq <= ? ORDER BY last_seq DESC LIMIT ${BLOCK_PAGE}`
      : `SELECT ${HEAD} FROM trip_blocks
         WHERE first_seq > ? AND first_seq <= ? AND last_seq > ? ORDER BY first_seq LIMIT ${BLOCK_PAGE}`,
  );
}

const statements = new WeakMap<SqliteDatabase, Statements>();
/** Bumped by every write that moves telemetry between rows and blocks or drops it (`noteLogRewritten`). */
const generations = new WeakMap<SqliteDatabase, number>();

function statementsOf(db: SqliteDatabase): Statements {
  let found = statements.get(db);
  if (!found) {
    found = {
      rows: new Map(),
      blocksUp: prepareBlocks(db, false),
      blocksDown: prepareBlocks(db, true),
      blob: db.prepare<[number], Buffer>('SELECT points FROM trip_blocks WHERE id = ?').pluck(),
      maxSpan: db.prepare<[], number>('SELECT max_block_span FROM trip_store WHERE id = 1').pluck(),
    };
    statements.set(db, found);
  }
  return found;
}

function rowStatement(db: SqliteDatabase, descending: boolean, types: readonly string[] | undefined) {
  const s = statementsOf(db);
  const key = `${descending ? 'down' : 'up'}:${types?.join(',') ?? ''}`;
  let statement = s.rows.get(key);
  if (!statement) {
    // The same condition as the events_not_telemetry index when a reader asks for the other events only.
    const typed = types ? ` AND type IN (${types.map((type) => `'${type}'`).join(', ')})` : '';
    statement = db.prepare(
      `SELECT seq, stream_id, organization_id, type, data, recorded_at FROM events
       WHERE seq > ? AND seq < ?${typed} ORDER BY seq ${descending ? 'DESC' : ''} LIMIT ${ROW_PAGE}`,
    );
    s.rows.set(key, statement);
  }
  return statement as unknown as { all(low: number, high: number): EventRow[] };
}

/** Telemetry moved into blocks or dropped: readers under way plan again (the trip store and retention call it). */
export function noteLogRewritten(db: SqliteDatabase): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

type Cursor = { block: TelemetryBlock; index: number; key: number };

// The open blocks of a read as a min-heap by their next key: the merge takes the least of them and the next row.
function pushCursor(heap: Cursor[], cursor: Cursor): void {
  heap.push(cursor);
  for (let i = heap.length - 1; i > 0;) {
    const parent = (i - 1) >> 1;
    if ((heap[parent]?.key ?? 0) <= cursor.key) break;
    heap[i] = heap[parent] as Cursor;
    heap[parent] = cursor;
    i = parent;
  }
}

/** Moves the top down to its place after its key grew. */
function siftTop(heap: Cursor[]): void {
  const top = heap[0];
  if (!top) return;
  for (let i = 0; ;) {
    const left = 2 * i + 1;
    const right = left + 1;
    let least = i;
    if ((heap[left]?.key ?? Infinity) < (heap[least]?.key ?? Infinity)) least = left;
    if ((heap[right]?.key ?? Infinity) < (heap[least]?.key ?? Infinity)) least = right;
    if (least === i) break;
    heap[i] = heap[least] as Cursor;
    heap[least] = top;
    i = least;
  }
}

function popTop(heap: Cursor[]): void {
  const last = heap.pop();
  if (heap.length > 0 && last) {
    heap[0] = last;
    siftTop(heap);
  }
}

/**
 * The log's events in (afterSeq, untilSeq], oldest first (newest first when `descending`), rows and sealed
 * telemetry alike, as `events` rows.
 */
export function* readLog(
  db: SqliteDatabase,
  afterSeq: number,
  untilSeq: number,
  options: LogReadOptions = {},
): Generator<EventRow, void, undefined> {
  const descending = options.descending === true;
  const dir = descending ? -1 : 1;
  const { types, streamIds } = options;
  const wantsType = types ? new Set<string>(types) : null;
  const rowsOf = rowStatement(db, descending, types);
  const s = statementsOf(db);
  const blocksOf = descending ? s.blocksDown : s.blocksUp;
  // Positions as keys that grow in the reading direction: the merge is the same both ways.
  let position = descending ? -(untilSeq + 1) : afterSeq;
  const endKey = descending ? -(afterSeq + 1) : untilSeq;
  const keyOf = (seq: number) => dir * seq;

  for (;;) {
    const generation = generations.get(db) ?? 0;
    const dataVersion = db.pragma('data_version', { simple: true });
    const span = Number(s.maxSpan.get() ?? 0);
    let rows: EventRow[] = [];
    let rowIndex = 0;
    let rowsCursor = position;
    let rowsDone = false;
    const heads: BlockHead[] = [];
    let headIndex = 0;
    // Ascending: first positions from (position - span); descending: last positions below (-position + span).
    let blockCursor = descending ? -position + span + 1 : position - span;
    let blocksDone = false;
    const heap: Cursor[] = [];
    let replan = false;

    const refillRows = () => {
      if (db.pragma('data_version', { simple: true }) !== dataVersion) replan = true;
      rows = descending ? rowsOf.all(afterSeq, -rowsCursor) : rowsOf.all(rowsCursor, untilSeq + 1);
      rowIndex = 0;
      if (rows.length < ROW_PAGE) rowsDone = true;
      const last = rows[rows.length - 1];
      if (last) rowsCursor = keyOf(last.seq);
    };
    const refillBlocks = () => {
      heads.length = 0;
      headIndex = 0;
      const page = descending
        ? blocksOf.all(blockCursor, afterSeq, untilSeq)
        : blocksOf.all(blockCursor, untilSeq, position);
      for (const head of page) heads.push(head);
      if (page.length < BLOCK_PAGE) blocksDone = true;
      const last = page[page.length - 1];
      if (last) blockCursor = descending ? last.last_seq : last.first_seq;
    };
    /** The key at which a block starts to matter: its first position, or where the range begins within it. */
    const openKey = (head: BlockHead) =>
      descending ? keyOf(Math.min(head.last_seq, untilSeq)) : head.first_seq;
    const open = (head: BlockHead) => {
      if (streamIds && !streamIds.has(head.stream_id)) return;
      const block = decodedBlock(db, head, () => s.blob.get(head.id) ?? Buffer.alloc(0));
      // Straight to the reader's position: a block that straddles it is not walked from its start.
      const cursor: Cursor = { block, index: firstIndexPast(block, dir * position, descending), key: 0 };
      if (advance(cursor, true)) pushCursor(heap, cursor);
    };
    /** Moves the cursor to its next sample after `position` within the range; false when it has none. */
    const advance = (cursor: Cursor, first: boolean): boolean => {
      const { block } = cursor;
      if (!first) cursor.index += dir;
      for (; cursor.index >= 0 && cursor.index < block.length; cursor.index += dir) {
        const key = keyOf(block.seq[cursor.index] ?? 0);
        if (key <= position || !isLogSample(block, cursor.index)) continue;
        if (key > endKey) return false;
        if (wantsType && !wantsType.has(sampleType(block, cursor.index))) continue;
        cursor.key = key;
        return true;
      }
      return false;
    };
    while (!replan) {
      if (rowIndex >= rows.length && !rowsDone) refillRows();
      if (headIndex >= heads.length && !blocksDone) refillBlocks();
      const row = rows[rowIndex];
      const rowKey = row ? keyOf(row.seq) : Infinity;
      const top = heap[0];
      const next = Math.min(rowKey, top ? top.key : Infinity);
      const head = heads[headIndex];
      if (head && openKey(head) <= next && openKey(head) <= endKey) {
        headIndex += 1;
        open(head);
        continue;
      }
      if (next === Infinity || next > endKey) {
        // Rows appended since the last page (a read paused between pulls): they come after everything else.
        if (!descending && rowsDone && rowIndex >= rows.length) {
          refillRows();
          if (rows.length > 0) continue;
        }
        return;
      }
      let event: EventRow;
      if (rowKey === next && row) {
        rowIndex += 1;
        if (streamIds && !streamIds.has(row.stream_id)) {
          position = next;
          continue;
        }
        event = row;
      } else {
        const cursor = top as Cursor;
        event = rowOfSample(cursor.block, cursor.index);
        if (advance(cursor, false)) siftTop(heap);
        else popTop(heap);
      }
      position = next;
      yield event;
      if ((generations.get(db) ?? 0) !== generation) replan = true;
    }
  }
}

/** Continuations of page reads, so that a reader paging through the log opens each block once. */
const continuations = new WeakMap<SqliteDatabase, Map<string, Generator<EventRow, void, undefined>>>();
const KEPT_CONTINUATIONS = 8;

/**
 * At most `limit` events of `readLog(db, afterSeq, untilSeq, options)`: the paged form, for readers that take the
 * log a page at a time (the next page of the same read carries on from where the last one stopped).
 */
export function readLogPage(
  db: SqliteDatabase,
  afterSeq: number,
  untilSeq: number,
  limit: number,
  options: LogReadOptions = {},
): EventRow[] {
  let kept = continuations.get(db);
  if (!kept) {
    kept = new Map();
    continuations.set(db, kept);
  }
  const filter = `${options.descending === true}:${options.types?.join(',') ?? ''}:${[...(options.streamIds ?? [])].join(',')}`;
  const key = `${afterSeq}:${untilSeq}:${filter}`;
  const reader = kept.get(key) ?? readLog(db, afterSeq, untilSeq, options);
  kept.delete(key);
  const page: EventRow[] = [];
  while (page.length < limit) {
    const next = reader.next();
    if (next.done === true) return page;
    page.push(next.value);
  }
  const last = page[page.length - 1];
  if (last && options.descending !== true) {
    kept.set(`${last.seq}:${untilSeq}:${filter}`, reader);
    for (const oldest of kept.keys()) {
      if (kept.size <= KEPT_CONTINUATIONS) break;
      kept.delete(oldest);
    }
  }
  return page;
}

type HeadOnly = Omit<BlockHead, 'points'> & { id: number; size: number };
type PositionStatements = {
  row: { get(seq: number): EventRow | undefined };
  straddling: { all(low: number, seq: number, alsoSeq: number): HeadOnly[] };
  firstAfter: { get(seq: number, below: number): HeadOnly | undefined };
  blob: { get(id: number): Buffer | undefined };
};
const positionStatements = new WeakMap<SqliteDatabase, PositionStatements>();
const HEAD_ONLY = 'id, first_seq, last_seq, stream_id, length(points) AS size';

function positionStatementsOf(db: SqliteDatabase): PositionStatements {
  let found = positionStatements.get(db);
  if (!found) {
    found = {
      row: db.prepare<[number], EventRow>(
        `SELECT seq, stream_id, organization_id, type, data, recorded_at FROM events WHERE seq >= ?
         ORDER BY seq LIMIT 1`,
      ),
      straddling: db.prepare<[number, number, number], HeadOnly>(
        `SELECT ${HEAD_ONLY} FROM trip_blocks WHERE first_seq >= ? AND first_seq < ? AND last_seq >= ?`,
      ),
      firstAfter: db.prepare<[number, number], HeadOnly>(
        `SELECT ${HEAD_ONLY} FROM trip_blocks WHERE first_seq >= ? AND first_seq < ? ORDER BY first_seq LIMIT 1`,
      ),
      blob: db.prepare<[number], Buffer>('SELECT points FROM trip_blocks WHERE id = ?').pluck(),
    };
    positionStatements.set(db, found);
  }
  return found;
}

/**
 * The first event at or after `seq` (rows and blocks alike), or undefined. Not a merge (which pages in 2,000 rows
 * and opens every block it meets): the first row at or after it, the first block that begins at or after it (a
 * block's first position is one of its log rows), and the blocks that straddle it (begun before, within
 * `max_block_span`, ended at or after it), each searched in its decoded columns; blobs are read only for blocks
 * not decoded yet. A position is in one place only, so finding `seq` itself ends the search.
 */
export function firstLogEventFrom(db: SqliteDatabase, seq: number): EventRow | undefined {
  const statements = positionStatementsOf(db);
  const row = statements.row.get(seq);
  if (row?.seq === seq) return row;
  let best: { seq: number; event: () => EventRow } | null = row ? { seq: row.seq, event: () => row } : null;
  const blockOf = (head: HeadOnly) =>
    decodedBlock(db, head, () => statements.blob.get(head.id) ?? Buffer.alloc(0));
  const consider = (head: HeadOnly) => {
    const block = blockOf(head);
    let index = firstIndexPast(block, seq - 1, false);
    while (index < block.length && !isLogSample(block, index)) index += 1;
    const at = block.seq[index];
    if (at !== undefined && at < (best?.seq ?? Infinity))
      best = { seq: at, event: () => rowOfSample(block, index) };
  };
  const starting = statements.firstAfter.get(seq, best?.seq ?? Number.MAX_SAFE_INTEGER);
  if (starting) consider(starting);
  const span = Number(statementsOf(db).maxSpan.get() ?? 0);
  for (const head of statements.straddling.all(seq - span, seq, seq)) {
    if ((best as { seq: number } | null)?.seq === seq) break;
    consider(head);
  }
  return (best as { event: () => EventRow } | null)?.event();
}

/** The position of the first event after `afterSeq` recorded at or after `at` (the log is in time order), found by
 * bisection; undefined when none is. */
export function firstSeqRecordedFrom(
  db: SqliteDatabase,
  afterSeq: number,
  at: number,
): { seq: number } | undefined {
  const last = db.prepare<[], number | null>('SELECT max(seq) FROM events').pluck().get() ?? 0;
  let low = afterSeq + 1;
  let high = last + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const row = firstLogEventFrom(db, middle);
    if (!row || row.recorded_at >= at) high = middle;
    else low = row.seq + 1;
  }
  const found = firstLogEventFrom(db, low);
  return found && found.recorded_at >= at ? { seq: found.seq } : undefined;
}
