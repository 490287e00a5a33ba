// The trip store (issue 16): every telemetry sample of every asset, readable by asset and time. Writing a row per
// sample into a table clustered by asset dirtied a page per asset per ingestion transaction (a third of the
// ingestion rate at 10,000 assets); so samples are held in memory per asset and sealed, many at a time, into
// blocks (tripBlock.ts) of one asset within one UTC hour. The event log already holds every held sample, which is
// what makes holding them safe: on opening, and after anything that may have rolled back what the store holds
// (`forget`), the store reads back the telemetry events from `sealed_below` on and holds again what no block has.
//
// Since issue 36 a block is the log's copy of its samples (the rows are deleted as it is written), and the store
// holds every field of each row (heldSamples.ts), so sealing writes blocks from memory and reads no row back.
// An asset's samples are sealed when it holds `maxBlockSamples` of them. When the oldest held sample is
// `maxHeldEvents` log positions old, every asset's are sealed together (a sweep): the rows then deleted are all the
// telemetry of a stretch of the log, whole pages in order, where sealing asset by asset deleted a row here and there
// out of every page of the stretch, in every transaction (what made sealed ingestion 0.6x of rows only). Both
// bound the memory and what a restart reads back. Reads see the blocks and what is held, in time order.
import type { SqliteDatabase } from '../store/database.ts';
import type { EventRow } from '../store/eventRow.ts';
import type { TelemetryEvent } from '../store/events.ts';
import { noteLogRewritten } from '../store/logReader.ts';
import { createHeld, heldPoints, holdEvent, holdRow, splitHeld, type HeldSamples } from './heldSamples.ts';
import { createBlockWriter } from './tripBlockWriter.ts';
import { createTripReads, type TripReads } from './tripStoreReads.ts';
import { createBlockTrimmer, moveTripPointsIntoBlocks } from './tripStoreUpkeep.ts';

export { HOUR_MS, hourStart } from './tripBlockWriter.ts';

export type TripStoreLimits = {
  /** Samples of one asset sealed together (10 minutes at 1 Hz). */
  maxBlockSamples: number;
  /** How many log positions back the oldest held sample may be before every asset's are sealed. */
  maxHeldEvents: number;
};

export const TRIP_STORE_LIMITS: TripStoreLimits = { maxBlockSamples: 600, maxHeldEvents: 300_000 };

export type TripStore = TripReads & {
  /** Takes one telemetry sample (its stored event, taken at `at`, from its projection, inside the writer's
   * transaction). A sample whose event the store already has (a rebuild replaying the log) is ignored. */
  record(thingKey: number, event: TelemetryEvent, at: number): void;
  /** Drops the thing's samples taken before `cutoff` (log retention); inside a transaction. Returns how many of
   * them were log events (sealed telemetry leaves the log with them). */
  trimBefore(thingKey: number, cutoff: number): number;
  /** Seals everything held; inside a transaction. */
  sealAll(): void;
  /** How many samples are held, not yet sealed. */
  heldCount(): number;
  /** Drops what is held; it is read back from the log when next needed. */
  forget(): void;
};

type TelemetryRow = Omit<EventRow, 'stream_id'> & { thing_key: number };

function prepareStatements(db: SqliteDatabase) {
  return {
    upsertHead: db.prepare<[number, number]>(`
      INSERT INTO trip_heads (thing_key, sealed_seq) VALUES (?, ?)
      ON CONFLICT (thing_key) DO UPDATE SET sealed_seq = max(sealed_seq, excluded.sealed_seq)`),
    selectHeads: db.prepare<[], [number, number]>('SELECT thing_key, sealed_seq FROM trip_heads').raw(true),
    selectSealedBelow: db.prepare<[], number>('SELECT sealed_below FROM trip_store').pluck(),
    updateSealedBelow: db.prepare<[number]>('UPDATE trip_store SET sealed_below = ?'),
    selectTelemetry: db.prepare<[number], TelemetryRow>(
      `SELECT e.seq, t.thing_key, e.organization_id, e.type, e.data, e.recorded_at
       FROM events e JOIN things t ON t.id = e.stream_id
       WHERE e.seq >= ? AND e.type IN ('PointRecorded', 'HeartbeatRecorded') ORDER BY e.seq`,
    ),
    selectNewestSeq: db.prepare<[], number | null>('SELECT max(seq) FROM events').pluck(),
  };
}

export function createTripStore(db: SqliteDatabase, limits: TripStoreLimits = TRIP_STORE_LIMITS): TripStore {
  const statements = prepareStatements(db);
  /** Held samples by thing, in the order their first held sample came (so the first is the oldest). */
  const held = new Map<number, HeldSamples>();
  /** Per thing, the log position of its latest sample the store has (sealed or held). */
  const latestSeq = new Map<number, number>();
  let sealedBelow = 0;
  let lastSeq = 0;
  let loaded = false;
  /** The first held sample's position (of the map's first entry), kept so that a record needs no iterator. */
  let oldestSeq = Number.POSITIVE_INFINITY;

  const { writeBlocks, sealHeld, sealRows, forgetThings } = createBlockWriter(db, limits);
  moveTripPointsIntoBlocks(db, sealRows, (thingKey, seq) => statements.upsertHead.run(thingKey, seq));
  const trimBlocksBefore = createBlockTrimmer(db, writeBlocks);
  const reads = createTripReads(db, (thingKey) => {
    if (!loaded) load();
    const entry = held.get(thingKey);
    return entry ? heldPoints(entry) : null;
  });

  /** Seals what the entries hold, but for the log's newest row: SQLite hands out max(seq) + 1 next, and a position
   * must never be handed out twice, so that row stays (and stays held) until a newer one is recorded. */
  function seal(entries: readonly HeldSamples[], wholeSpan = false) {
    const newest = statements.selectNewestSeq.get() ?? 0;
    const sealed: HeldSamples[] = [];
    let kept: HeldSamples | null = null;
    for (const entry of entries) {
      held.delete(entry.thingKey);
      if (entry.seq[entry.length - 1] === newest) kept = splitHeld(entry, entry.length - 1);
      if (entry.length > 0) sealed.push(entry);
    }
    if (sealed.length > 0) {
      sealHeld(sealed, wholeSpan);
      for (const entry of sealed) statements.upsertHead.run(entry.thingKey, entry.seq[entry.length - 1] ?? 0);
    }
    if (kept) held.set(kept.thingKey, kept);
    const oldest = held.values().next().value as HeldSamples | undefined;
    oldestSeq = oldest ? oldest.firstSeq : Number.POSITIVE_INFINITY;
    const below = oldest ? oldest.firstSeq : lastSeq + 1;
    if (below > sealedBelow) {
      sealedBelow = below;
      statements.updateSealedBelow.run(below);
    }
  }

  /** The thing's entry to hold its sample `seq` in, or null when the store has that sample already. */
  function entryFor(thingKey: number, seq: number): HeldSamples | null {
    if (seq <= (latestSeq.get(thingKey) ?? 0)) return null;
    latestSeq.set(thingKey, seq);
    if (seq > lastSeq) lastSeq = seq;
    let entry = held.get(thingKey);
    if (!entry) {
      entry = createHeld(thingKey, seq);
      if (held.size === 0) oldestSeq = seq;
      held.set(thingKey, entry);
    }
    return entry;
  }

  const record: TripStore['record'] = (thingKey, event, at) => {
    if (!loaded) load();
    // A full block is sealed as the next sample comes, before it joins: that sample's row is the log's newest,
    // which stays a row (seal), so the block is whole.
    const full = held.get(thingKey);
    if (full && full.length >= limits.maxBlockSamples && event.seq > (latestSeq.get(thingKey) ?? 0))
      seal([full]);
    const entry = entryFor(thingKey, event.seq);
    if (!entry) return;
    holdEvent(entry, event, at);
    if (oldestSeq <= event.seq - limits.maxHeldEvents) seal([...held.values()], true);
  };

  /** Reads back, from the log, the samples no block has: those of events from `sealed_below` on. Writes nothing
   * (a read may be the first to need the store); the next sample recorded seals what is due. */
  function load() {
    loaded = true;
    held.clear();
    oldestSeq = Number.POSITIVE_INFINITY;
    latestSeq.clear();
    for (const [thingKey, sealedSeq] of statements.selectHeads.all()) latestSeq.set(thingKey, sealedSeq);
    sealedBelow = statements.selectSealedBelow.get() ?? 0;
    lastSeq = sealedBelow - 1;
    for (const row of statements.selectTelemetry.iterate(sealedBelow)) {
      const entry = entryFor(row.thing_key, row.seq);
      if (entry) holdRow(entry, row);
    }
  }

  return {
    ...reads,
    record,
    trimBefore(thingKey, cutoff) {
      if (!loaded) load();
      // Held samples before the cut-off are sealed first, so that they are trimmed with the blocks.
      const entry = held.get(thingKey);
      if (entry && entry.at.some((at) => at < cutoff)) seal([entry]);
      const removed = trimBlocksBefore(thingKey, cutoff);
      noteLogRewritten(db);
      return removed;
    },
    sealAll() {
      if (!loaded) load();
      seal([...held.values()], true);
    },
    heldCount() {
      let count = 0;
      for (const entry of held.values()) count += entry.length;
      return count;
    },
    forget() {
      forgetThings();
      loaded = false;
      held.clear();
      oldestSeq = Number.POSITIVE_INFINITY;
      latestSeq.clear();
    },
  };
}
