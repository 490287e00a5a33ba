// The trip store (issue 16): every telemetry sample of every asset, readable by asset and time. Writing a row per
// sample into a table clustered by asset dirtied a page per asset per ingestion transaction (a third of the
// ingestion rate at 10,000 assets); so samples are held in memory per asset and sealed, many at a time, into
// blocks (tripBlock.ts) of one asset within one UTC hour. The event log already holds every held sample, which is
// what makes holding them safe: on opening, and after anything that may have rolled back what the store holds
// (`forget`), the store reads back the telemetry events from `sealed_below` on and holds again what no block has.
//
// An asset's samples are sealed when it holds `maxBlockSamples` of them, and every asset's when its oldest held
// sample is `maxHeldEvents` log positions old, which bounds both the memory and what a restart reads back.
// Reads see the blocks and what is held, in time order (at, then seq).
import type { SqliteDatabase } from '../store/database.ts';
import { noteLogRewritten } from '../store/logReader.ts';
import { createBlockWriter, hourStart } from './tripBlockWriter.ts';
import {
  concatWithin,
  decodeStoredBlock,
  emptyTripPoints,
  inTimeOrder,
  logRowsOfBlock,
  logSampleCount,
  type TripPoints,
} from './tripBlock.ts';

export { HOUR_MS, hourStart } from './tripBlockWriter.ts';

export type TripStoreLimits = {
  /** Samples of one asset sealed together (10 minutes at 1 Hz). */
  maxBlockSamples: number;
  /** How many log positions back an asset's oldest held sample may be before it is sealed. */
  maxHeldEvents: number;
};

export const TRIP_STORE_LIMITS: TripStoreLimits = { maxBlockSamples: 600, maxHeldEvents: 300_000 };

export type TripStore = {
  /** Takes one telemetry sample (from its event's projection, inside the writer's transaction). A sample whose
   * event the store already has (a rebuild replaying the log) is ignored. */
  record(
    thingKey: number,
    seq: number,
    at: number,
    lat: number,
    lng: number,
    speed: number,
    course: number,
    enroute: boolean,
  ): void;
  /** The thing's samples taken within [from, to] (unix ms), in time order. */
  pointsBetween(thingKey: number, from: number, to: number): TripPoints;
  /** The start of the latest UTC hour with a sample of the thing taken before `before`, or null when none is. */
  latestHourBefore(thingKey: number, before: number): number | null;
  /** The first and latest sample times, null when the thing has none. */
  coverage(thingKey: number): { first: number; last: number } | null;
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

/** Held samples of one asset: [at, seq, lat, lng, speed, course, enroute] after one another, oldest seq first. */
type Held = { thingKey: number; firstSeq: number; values: number[] };
const STRIDE = 7;

export function createTripStore(db: SqliteDatabase, limits: TripStoreLimits = TRIP_STORE_LIMITS): TripStore {
  const upsertHead = db.prepare<[number, number]>(`
    INSERT INTO trip_heads (thing_key, sealed_seq) VALUES (?, ?)
    ON CONFLICT (thing_key) DO UPDATE SET sealed_seq = max(sealed_seq, excluded.sealed_seq)`);
  const selectHeads = db
    .prepare<[], [number, number]>('SELECT thing_key, sealed_seq FROM trip_heads')
    .raw(true);
  const selectSealedBelow = db.prepare<[], { sealed_below: number }>('SELECT sealed_below FROM trip_store');
  const updateSealedBelow = db.prepare<[number]>('UPDATE trip_store SET sealed_below = ?');
  const selectTelemetry = db
    .prepare<[number], [number, number, string]>(
      `SELECT e.seq, t.thing_key, e.data FROM events e JOIN things t ON t.id = e.stream_id
       WHERE e.seq >= ? AND e.type IN ('PointRecorded', 'HeartbeatRecorded') ORDER BY e.seq`,
    )
    .raw(true);
  // A block lies within one hour, so the blocks with samples in [from, to] begin between from's hour and to.
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

  /** Held samples by thing, in the order their first held sample came (so the first is the oldest). */
  const held = new Map<number, Held>();
  /** Per thing, the log position of its latest sample the store has (sealed or held). */
  const latestSeq = new Map<number, number>();
  let sealedBelow = 0;
  let lastSeq = 0;
  let loaded = false;
  let reading = false;

  const { writeBlocks, sealIntoLog } = createBlockWriter(db, limits);
  moveRowsIntoBlocks();

  const selectNewestSeq = db.prepare<[], number | null>('SELECT max(seq) FROM events').pluck();

  function heldPoints(entry: Held): TripPoints {
    const values = entry.values;
    const points = emptyTripPoints(values.length / STRIDE);
    for (let i = 0, v = 0; i < points.length; i += 1, v += STRIDE) {
      points.at[i] = values[v] ?? 0;
      points.seq[i] = values[v + 1] ?? 0;
      points.lat[i] = values[v + 2] ?? 0;
      points.lng[i] = values[v + 3] ?? 0;
      points.speed[i] = values[v + 4] ?? 0;
      points.course[i] = values[v + 5] ?? 0;
      points.enroute[i] = values[v + 6] ?? 0;
    }
    return points;
  }

  /** Seals what the thing holds, but for the log's newest row: SQLite hands out max(seq) + 1 next, and a position
   * must never be handed out twice, so that row stays (and stays held) until a newer one is recorded. */
  function seal(entry: Held) {
    const newest = selectNewestSeq.get() ?? 0;
    const values = entry.values;
    const keptAt = values.length - STRIDE;
    const keepNewest = values[keptAt + 1] === newest;
    const sealed = keepNewest ? { ...entry, values: values.slice(0, keptAt) } : entry;
    held.delete(entry.thingKey);
    if (sealed.values.length > 0) {
      sealIntoLog(entry.thingKey, inTimeOrder(heldPoints(sealed)));
      upsertHead.run(entry.thingKey, sealed.values[sealed.values.length - STRIDE + 1] ?? 0);
    }
    if (keepNewest)
      held.set(entry.thingKey, { thingKey: entry.thingKey, firstSeq: newest, values: values.slice(keptAt) });
    const oldest = held.values().next().value as Held | undefined;
    const below = oldest ? oldest.firstSeq : lastSeq + 1;
    if (below > sealedBelow) {
      sealedBelow = below;
      updateSealedBelow.run(below);
    }
  }

  const record: TripStore['record'] = (thingKey, seq, at, lat, lng, speed, course, enroute) => {
    if (!loaded) load();
    if (seq <= (latestSeq.get(thingKey) ?? 0)) return;
    latestSeq.set(thingKey, seq);
    let entry = held.get(thingKey);
    // A full block is sealed as the next sample comes, before it joins: that sample's row is the log's newest,
    // which stays a row (seal), so the block is whole.
    if (entry && !reading && entry.values.length >= limits.maxBlockSamples * STRIDE) {
      seal(entry);
      entry = held.get(thingKey);
    }
    // After the seal: what it marks as sealed below must not pass this sample, which is not held yet.
    if (seq > lastSeq) lastSeq = seq;
    if (!entry) {
      entry = { thingKey, firstSeq: seq, values: [] };
      held.set(thingKey, entry);
    }
    entry.values.push(at, seq, lat, lng, speed, course, enroute ? 1 : 0);
    if (reading) return;
    for (;;) {
      const oldest = held.values().next().value as Held | undefined;
      if (!oldest || oldest.firstSeq > seq - limits.maxHeldEvents) break;
      seal(oldest);
    }
  };

  /** Reads back, from the log, the samples no block has: those of events from `sealed_below` on. Writes nothing
   * (a read may be the first to need the store); the next sample recorded seals what is due. */
  function load() {
    loaded = true;
    held.clear();
    latestSeq.clear();
    for (const [thingKey, sealedSeq] of selectHeads.all()) latestSeq.set(thingKey, sealedSeq);
    sealedBelow = selectSealedBelow.get()?.sealed_below ?? 0;
    lastSeq = sealedBelow - 1;
    reading = true;
    try {
      for (const [seq, thingKey, data] of selectTelemetry.iterate(sealedBelow)) {
        const sample = JSON.parse(data) as {
          time: string;
          lat: number;
          lng: number;
          speed: number;
          course: number;
          enroute: boolean;
        };
        record(
          thingKey,
          seq,
          Date.parse(sample.time),
          sample.lat,
          sample.lng,
          sample.speed,
          sample.course,
          sample.enroute,
        );
      }
    } finally {
      reading = false;
    }
  }

  /** A file from before the blocks has one row per sample in trip_points: they become blocks, once. */
  function moveRowsIntoBlocks() {
    const legacy = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'trip_points'")
      .get();
    if (!legacy) return;
    const rows = db
      .prepare<[], [number, number, number, number, number, number, number, number]>(
        'SELECT thing_key, at, seq, lat, lng, speed, course, enroute FROM trip_points ORDER BY thing_key, at, seq',
      )
      .raw(true);
    db.transaction(() => {
      let thingKey: number | null = null;
      let values: number[] = [];
      let maxSeq = 0;
      const flush = () => {
        if (thingKey === null || values.length === 0) return;
        sealIntoLog(thingKey, inTimeOrder(heldPoints({ thingKey, firstSeq: 0, values })));
        upsertHead.run(thingKey, maxSeq);
        values = [];
      };
      for (const [key, at, seq, lat, lng, speed, course, enroute] of rows.iterate()) {
        if (key !== thingKey || values.length >= 100_000 * STRIDE) {
          flush();
          if (key !== thingKey) maxSeq = 0;
          thingKey = key;
        }
        values.push(at, seq, lat, lng, speed, course, enroute);
        maxSeq = Math.max(maxSeq, seq);
      }
      flush();
      db.exec('DROP TABLE trip_points');
    })();
  }

  function heldBefore(entry: Held, cutoff: number): boolean {
    for (let v = 0; v < entry.values.length; v += STRIDE) if ((entry.values[v] ?? 0) < cutoff) return true;
    return false;
  }

  function heldOf(thingKey: number): TripPoints | null {
    const entry = held.get(thingKey);
    return entry ? heldPoints(entry) : null;
  }

  return {
    record,
    pointsBetween(thingKey, from, to) {
      if (!loaded) load();
      const parts: TripPoints[] = [];
      for (const [lastAt, blob, streamId] of selectBlocks.all(thingKey, hourStart(from), to))
        if (lastAt >= from) parts.push(decodeStoredBlock(blob, streamId));
      const heldNow = heldOf(thingKey);
      if (heldNow) parts.push(inTimeOrder(heldNow));
      return inTimeOrder(concatWithin(parts, from, to));
    },
    latestHourBefore(thingKey, before) {
      if (!loaded) load();
      let latest = selectLatestFirstBefore.get(thingKey, before)?.[0] ?? null;
      const heldNow = heldOf(thingKey);
      if (heldNow)
        for (const at of heldNow.at) if (at < before && (latest === null || at > latest)) latest = at;
      return latest === null ? null : hourStart(latest);
    },
    coverage(thingKey) {
      if (!loaded) load();
      let first = selectFirst.get(thingKey)?.[0] ?? null;
      const latestFirst = selectLatestFirst.get(thingKey)?.[0] ?? null;
      let last =
        latestFirst === null ? null : (selectLastFrom.get(thingKey, hourStart(latestFirst))?.[0] ?? null);
      const heldNow = heldOf(thingKey);
      if (heldNow)
        for (const at of heldNow.at) {
          if (first === null || at < first) first = at;
          if (last === null || at > last) last = at;
        }
      return first === null || last === null ? null : { first, last };
    },
    trimBefore(thingKey, cutoff) {
      if (!loaded) load();
      // Held samples before the cut-off are sealed first, so that they are trimmed with the blocks.
      const entry = held.get(thingKey);
      if (entry && heldBefore(entry, cutoff)) seal(entry);
      let removed = 0;
      for (const [blob, streamId] of countBefore.all(thingKey, cutoff, cutoff))
        removed += logSampleCount(blob, streamId);
      deleteBefore.run(thingKey, cutoff, cutoff);
      // The block the cut-off falls in is written anew with what it keeps (its log rows with it).
      for (const [id, blob, streamId] of selectStraddling.all(thingKey, cutoff)) {
        const kept = concatWithin([decodeStoredBlock(blob, streamId)], cutoff, Number.POSITIVE_INFINITY);
        const rows = logRowsOfBlock(blob, streamId);
        for (const seq of rows.keys()) if (!kept.seq.includes(seq)) removed += 1;
        deleteBlock.run(id);
        if (kept.length > 0)
          writeBlocks(thingKey, kept, (seq) => rows.get(seq) ?? null, streamId ?? undefined);
      }
      noteLogRewritten(db);
      return removed;
    },
    sealAll() {
      if (!loaded) load();
      for (const entry of [...held.values()]) seal(entry);
    },
    heldCount() {
      let count = 0;
      for (const entry of held.values()) count += entry.values.length / STRIDE;
      return count;
    },
    forget() {
      loaded = false;
      held.clear();
      latestSeq.clear();
    },
  };
}
