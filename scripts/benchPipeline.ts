// npm run bench:pipeline — how fast the live picture applies a one-second batch (DESIGN.md §7: at least
// 1,500,000 messages/s for 10,000 points and 2,000 heartbeats on a 10,000-asset fleet — 8 ms a batch — and within
// 3× of a bare loop into a Map in the same run).
//
// The fleet: 10,000 assets around Chicago, 300 stations with a fifth of the fleet parked in them, 60 active
// incidents with three assets each, 150 arrow boards with automated closures (some active). Each batch: 10,000
// points from the en-route assets (some send two) and 2,000 heartbeats from parked ones, positions drifting.
// Printed per run and as the median over runs: the picture's evolveBatch (coalescing and the clock tick
// included), a bare loop copying the same fields of the same batch into a Map (the floor, measured batch by batch
// beside it, so both see the same machine load), and their ratio; then the decoder on its own (it runs as
// messages arrive, spread over the second, not in the batch).
import { mapServerArea, type Area } from '#domain/areas/area';
import { mapServerClosure, type Closure } from '#domain/closures/closure';
import { mapServerLocation } from '#domain/locations/location';
import { coalesceMessages } from '#domain/live/coalesce';
import { evolve, evolveBatch } from '#domain/live/evolve';
import type { LiveEvent, LiveMessageEvent } from '#domain/live/liveEvents';
import { decodeLiveMessage } from '#domain/live/liveMessages';
import { emptyPicture, type LivePicture } from '#domain/live/livePicture';
import { DEFAULT_LIVE_SETTINGS } from '#domain/live/liveSettings';
import { thingCounts, thingList } from '#domain/live/pictureViews';
import { mapServerThing, type Thing } from '#domain/things/thing';

const FLEET = 10_000;
const POINTS_PER_BATCH = 10_000;
const HEARTBEATS_PER_BATCH = 2_000;
const STATIONS = 300;
const INCIDENTS = 60;
const ARROW_BOARDS = 150;
const WARM_UP_BATCHES = 10;
const RUNS = 5;
const BATCHES_PER_RUN = 20;
const CENTRE = { lat: 41.8623, lng: -87.6167 };

/** A small seeded generator, so every run measures the same fleet and the same messages. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = seededRandom(20260101);
const around = (spread: number) => (random() - 0.5) * spread;
const START = Date.parse('2026-01-05T08:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

type Role = 'moving' | 'parked' | 'incident' | 'arrowBoard';

function buildWorld() {
  const stations: Area[] = [];
  for (let index = 0; index < STATIONS; index += 1) {
    stations.push(
      mapServerArea({
        id: `station-${index}`,
        name: `Station ${index}`,
        lat: CENTRE.lat + around(0.2),
        lng: CENTRE.lng + around(0.25),
        radius_dist: 100,
        is_active: true,
        point_geom: null,
        area_geom: null,
        ez_type: { id: 'st', db_name: 'station', display_name: 'Station', is_station_view: true },
      }),
    );
  }
  const roles: Role[] = [];
  const things: Thing[] = [];
  const heartbeatAt = iso(START - 5_000);
  for (let index = 0; index < FLEET; index += 1) {
    const role: Role =
      index < ARROW_BOARDS
        ? 'arrowBoard'
        : index < ARROW_BOARDS + INCIDENTS * 3
          ? 'incident'
          : index % 5 === 0
            ? 'parked'
            : 'moving';
    roles.push(role);
    const station = stations[index % STATIONS];
    const parked = role === 'parked' && station?.position;
    things.push(
      mapServerThing(
        {
          id: `thing-${index}`,
          system_identifier: `dev${index}`,
          nickname: index % 3 === 0 ? '' : `Unit ${index}`,
          device_type: index % 2 ? 'ha5' : 'ha7',
          thing_type: role === 'arrowBoard' ? 'arrow_board' : 'police',
          lat: parked ? parked.lat + around(0.0005) : CENTRE.lat + around(0.2),
          lng: parked ? parked.lng + around(0.0005) : CENTRE.lng + around(0.25),
          speed: role === 'moving' ? 10 : 0,
          course: random() * 360,
          accuracy: 5,
          enroute: role === 'moving',
          heartbeat_datetime: heartbeatAt,
          in_service: index % 97 !== 0,
          is_active: true,
          street: role === 'parked' ? 'W Station St' : '',
        },
        { now: START },
      ),
    );
  }
  const locations = [];
  for (let index = 0; index < INCIDENTS; index += 1) {
    const members = [0, 1, 2].map((offset) => ({
      id: `thing-${ARROW_BOARDS + index * 3 + offset}`,
      start_time: iso(START - 60_000 * index),
    }));
    locations.push(
      mapServerLocation({
        id: `location-${index}`,
        is_active: true,
        lat: CENTRE.lat + around(0.2),
        lng: CENTRE.lng + around(0.25),
        street: `Incident street ${index}`,
        start_time: iso(START - 60_000 * index),
        things_active: members,
        things_inactive: [],
      }),
    );
  }
  const closures: Closure[] = [];
  for (let index = 0; index < ARROW_BOARDS; index += 1) {
    closures.push(
      mapServerClosure({
        id: `closure-${index}`,
        closure_type: 'automated',
        is_active: index % 3 === 0,
        is_in_service: true,
        description: `Lane closure ${index}`,
        thing: { id: `thing-${index}`, heartbeat_datetime: heartbeatAt },
      }),
    );
  }
  return { stations, roles, things, locations, closures };
}

function loadPicture(world: ReturnType<typeof buildWorld>): LivePicture {
  const events: LiveEvent[] = [
    { type: 'AreasLoaded', areas: world.stations, dropped: 0, now: START },
    { type: 'ThingsPageLoaded', things: world.things, dropped: 0, now: START },
    { type: 'LocationsLoaded', locations: world.locations, dropped: 0, replace: true, now: START },
    { type: 'ClosuresLoaded', closures: world.closures, dropped: 0, replace: true, now: START },
  ];
  return evolveBatch(emptyPicture({ now: START, settings: DEFAULT_LIVE_SETTINGS }), events);
}

/** Raw cable messages for one batch, as they come off the wire. */
function buildRawBatch(world: ReturnType<typeof buildWorld>, batch: number): unknown[] {
  const sending: number[] = [];
  const idle: number[] = [];
  world.roles.forEach((role, index) =>
    (role === 'parked' || role === 'arrowBoard' ? idle : sending).push(index),
  );
  const messages: unknown[] = [];
  const timestamp = iso(START + batch * 1000);
  for (let index = 0; index < POINTS_PER_BATCH; index += 1) {
    const thingIndex = sending[index % sending.length] ?? 0;
    const thing = world.things[thingIndex];
    messages.push({
      type: 'point',
      data: {
        id: `p-${batch}-${index}`,
        thing_id: `thing-${thingIndex}`,
        lat: (thing?.lat ?? CENTRE.lat) + batch * 0.00005 + index * 1e-9,
        lng: (thing?.lng ?? CENTRE.lng) + batch * 0.00004,
        speed: 8 + (index % 7),
        course: (batch * 3 + index) % 360,
        accuracy: 4 + (index % 9),
        enroute: true,
        run_id: `run-${thingIndex}-${Math.floor(batch / 30)}`,
        timestamp,
        street: index % 4 === 0 ? 'N Michigan Ave' : null,
      },
    });
    // Heartbeats are interleaved the way a real stream mixes them.
    if (index % 5 === 4) {
      const idleIndex = idle[(batch * HEARTBEATS_PER_BATCH + messages.length) % idle.length] ?? 0;
      const parked = world.things[idleIndex];
      messages.push({
        type: 'heartbeat',
        data: {
          thing_id: `thing-${idleIndex}`,
          lat: (parked?.lat ?? CENTRE.lat) + ((index % 3) - 1) * 0.00002,
          lng: parked?.lng ?? CENTRE.lng,
          speed: 0,
          course: parked?.course ?? 0,
          accuracy: 8 + (index % 20),
          street: 'W Station St',
          enroute: false,
          is_active: true,
          heartbeat_datetime: timestamp,
        },
      });
    }
  }
  return messages;
}

function decodeBatch(raw: readonly unknown[], now: number): LiveMessageEvent[] {
  const context = { now, settings: DEFAULT_LIVE_SETTINGS, organization: null };
  return raw.map((message) => decodeLiveMessage(message, context));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

type Floor = { lat: number; lng: number; speed: number; course: number; accuracy: number; heartbeat: number };

/** The floor: the same messages copied into plain records in a Map, no rules at all. */
function bareLoop(records: Map<string, Floor>, raw: readonly unknown[]): void {
  for (const message of raw as { type: string; data: Record<string, number | string> }[]) {
    const data = message.data;
    const record = records.get(data.thing_id as string);
    if (record === undefined) continue;
    record.lat = data.lat as number;
    record.lng = data.lng as number;
    record.speed = data.speed as number;
    record.course = data.course as number;
    record.accuracy = data.accuracy as number;
    if (message.type === 'heartbeat') record.heartbeat = START;
  }
}

/** Builds one batch of raw frames, runs the floor loop and the decoder on it, and lets the frames go. */
function receiveBatch(
  world: ReturnType<typeof buildWorld>,
  batch: number,
  floor: Map<string, Floor>,
  now: number,
) {
  const raw = buildRawBatch(world, batch);
  let started = performance.now();
  bareLoop(floor, raw);
  const floorElapsed = performance.now() - started;
  started = performance.now();
  const events = decodeBatch(raw, now);
  const decodeElapsed = performance.now() - started;
  return { events, count: raw.length, floorElapsed, decodeElapsed };
}

function main(): void {
  const world = buildWorld();
  const batchCount = WARM_UP_BATCHES + RUNS * BATCHES_PER_RUN;
  const floorRecords = new Map<string, Floor>(
    world.things.map((thing) => [
      thing.id,
      { lat: thing.lat ?? 0, lng: thing.lng ?? 0, speed: 0, course: 0, accuracy: 0, heartbeat: 0 },
    ]),
  );

  // Batches are built one at a time (untimed) so the measurement does not share the heap with a hoard of
  // messages waiting their turn.
  let picture = loadPicture(world);
  let messagesPerBatch = 0;
  const applyTimes: number[][] = [];
  const decodeTimes: number[] = [];
  const floorTimes: number[][] = [];
  for (let batch = 0; batch < batchCount; batch += 1) {
    const now = START + (batch + 1) * 1000;
    // As in the browser, the raw frames are garbage once decoded; only the decoded events wait for the batch.
    const { events, count, floorElapsed, decodeElapsed } = receiveBatch(world, batch + 1, floorRecords, now);
    messagesPerBatch = count;

    const started = performance.now();
    picture = evolveBatch(picture, [...coalesceMessages(events), { type: 'ClockTicked', now }]);
    const applyElapsed = performance.now() - started;

    if (batch >= WARM_UP_BATCHES) {
      const run = Math.floor((batch - WARM_UP_BATCHES) / BATCHES_PER_RUN);
      (applyTimes[run] ??= []).push(applyElapsed);
      (floorTimes[run] ??= []).push(floorElapsed);
      decodeTimes.push(decodeElapsed);
    }
  }

  // Reading the views once per batch, as the screens do.
  const viewStarted = performance.now();
  const after = evolve(picture, { type: 'ClockTicked', now: START + (batchCount + 10) * 1000 });
  const counts = thingCounts(after);
  const list = thingList(after);
  const viewElapsed = performance.now() - viewStarted;

  const rate = (ms: number) => (messagesPerBatch / ms) * 1000;
  const perSecond = (ms: number) => Math.round(rate(ms)).toLocaleString('en-US').padStart(9);
  const runs = applyTimes.map((times, run) => {
    const apply = median(times);
    const floor = median(floorTimes[run] ?? []);
    return { apply, floor, ratio: apply / floor };
  });

  console.log(
    `Fleet ${FLEET.toLocaleString('en-US')} assets, ${STATIONS} stations, ${INCIDENTS} active incidents, ` +
      `${ARROW_BOARDS} automated closures; batch = ${POINTS_PER_BATCH.toLocaleString('en-US')} points + ` +
      `${HEARTBEATS_PER_BATCH.toLocaleString('en-US')} heartbeats = ${messagesPerBatch.toLocaleString('en-US')} messages; ` +
      `${RUNS} runs × ${BATCHES_PER_RUN} batches after ${WARM_UP_BATCHES} warm-up batches; medians per run.`,
  );
  runs.forEach((run, index) => {
    console.log(
      `run ${index + 1}: evolveBatch ${run.apply.toFixed(2).padStart(6)} ms (${perSecond(run.apply)} msg/s)` +
        `   floor ${run.floor.toFixed(2).padStart(5)} ms (${perSecond(run.floor)} msg/s)` +
        `   ratio ${run.ratio.toFixed(2)}×`,
    );
  });
  const apply = median(runs.map((run) => run.apply));
  const floor = median(runs.map((run) => run.floor));
  const ratio = median(runs.map((run) => run.ratio));
  const allApply = applyTimes.flat();
  console.log(
    `median over runs: evolveBatch ${apply.toFixed(2)} ms/batch = ${perSecond(apply).trim()} msg/s; ` +
      `floor (bare loop into a Map) ${floor.toFixed(2)} ms = ${perSecond(floor).trim()} msg/s; ` +
      `ratio ${ratio.toFixed(2)}× the floor`,
  );
  console.log(
    `worst batch: evolveBatch ${Math.max(...allApply).toFixed(2)} ms (garbage collection, other processes); ` +
      `decode (valibot + fast path, as messages arrive) median ${median(decodeTimes).toFixed(2)} ms per batch ` +
      `of messages (${perSecond(median(decodeTimes)).trim()} msg/s)`,
  );
  const fastEnough = rate(apply) >= 1_500_000;
  const closeToFloor = ratio <= 3;
  console.log(
    `Budget (DESIGN.md §7): ≥ 1,500,000 msg/s ${fastEnough ? 'MET' : 'NOT MET'}; ` +
      `within 3× of the floor ${closeToFloor ? 'MET' : 'NOT MET'}.`,
  );
  console.log(
    `Views after the last batch: ${list.length} assets listed, counts online ${counts.online} / offline ` +
      `${counts.offline} / OOS ${counts.outOfService} (${viewElapsed.toFixed(2)} ms incl. a tick).`,
  );
}

main();
