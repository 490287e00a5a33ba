// Benchmark of telemetry storage (issue 36): N devices for M minutes at 1 Hz, ingested faster than real time
// through `app.telemetry` (the route's path without HTTP) into two files side by side, one sealing into blocks (the
// log as it is now) and one with rows only (`--old-only` runs just that; nothing is sealed, every point stays a JSON
// row, which is what the log held before issue 36 besides the trip blocks' copy), each second fed to both in turn so
// that the ingestion ratio is measured under the same load. Prints bytes per point of the log rows, the blocks, the
// picture checkpoints and the indexes (SQLite's dbstat, after a WAL checkpoint; "all told" counts them all), the
// file size after sealing and after a retention run that drops the first half, ingestion points/s of both and
// their ratio, the time to read one checkpoint interval of the log from a past moment, and one device's samples of
// the whole span.
//
//   npm run bench:storage -- [--devices 2000] [--minutes 10] [--old-only] [--ingestion-only]
// (`--ingestion-only`: ingestion and bytes only, without the reads and retention, to iterate on ingestion faster.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '#sim/app';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { firstLogEventFrom, readLogPage } from '#sim/store/logReader';
import { runLogRetention } from '#sim/store/logRetention';
import { CHECKPOINT_EVERY_POSITIONS, createPictureCheckpoints } from '#sim/store/pictureCheckpoints';
import { sealedTelemetryOf } from '#sim/store/telemetryBlock';
import { TRIP_STORE_LIMITS, type TripStoreLimits } from '#sim/trips/tripStore';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '2000' },
    minutes: { type: 'string', default: '10' },
    'old-only': { type: 'boolean', default: false },
    'ingestion-only': { type: 'boolean', default: false },
  },
});
const deviceCount = Number(values.devices);
const seconds = Number(values.minutes) * 60;
const START = Date.parse('2026-03-01T08:00:00.000Z');
const BUDGET_BYTES_PER_POINT = 50;
const ROWS_ONLY: TripStoreLimits = {
  maxBlockSamples: Number.MAX_SAFE_INTEGER,
  maxHeldEvents: Number.MAX_SAFE_INTEGER,
};

type Run = { pointsPerSecond: number; points: number; bytesPerPoint: number };

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-storage-'));
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

type Subject = {
  label: string;
  tripLimits: TripStoreLimits;
  app: Awaited<ReturnType<typeof buildApp>>;
  databasePath: string;
  setClock(at: number): void;
  things: { thing_key: number; system_identifier: string; device_type: string }[];
  seqBefore: number;
  checkpoints: ReturnType<typeof createPictureCheckpoints>;
  points: number;
  ingestMs: number;
};

async function open(label: string, tripLimits: TripStoreLimits): Promise<Subject> {
  const databasePath = path.join(directory, `${label.replace(/\W+/g, '-')}.sqlite`);
  let clock = START;
  const app = await buildApp({
    databasePath,
    thingCount: deviceCount,
    replay: false,
    retention: false,
    clock: { now: () => clock },
    tripLimits,
  });
  await app.ready();
  const db = app.eventLog.db;
  const things = db
    .prepare<[number], { thing_key: number; system_identifier: string; device_type: string }>(
      'SELECT thing_key, system_identifier, device_type FROM things WHERE is_active = 1 ORDER BY thing_key LIMIT ?',
    )
    .all(deviceCount);
  return {
    label,
    tripLimits,
    app,
    databasePath,
    setClock: (at) => {
      clock = at;
    },
    things,
    seqBefore: app.eventLog.store.lastSeq(),
    checkpoints: createPictureCheckpoints(db),
    points: 0,
    ingestMs: 0,
  };
}

/** One second of every device's telemetry, timed: the same batch for every subject. */
async function ingestSecond(subject: Subject, second: number) {
  const { app, things, checkpoints } = subject;
  subject.setClock(START + second * 1000 + 250);
  const time = new Date(START + second * 1000).toISOString();
  const batch: TelemetrySample[] = things.map((thing, index) => {
    const moving = (second + index) % 600 < 480;
    return {
      device_id: thing.system_identifier,
      device_type: thing.device_type as TelemetrySample['device_type'],
      kind: moving ? 'point' : 'heartbeat',
      time,
      lat: Math.round((41.75 + (index % 50) * 0.004 + second * 0.00009 * (moving ? 1 : 0)) * 1e6) / 1e6,
      lng: Math.round((-87.7 + Math.floor(index / 50) * 0.004 + second * 0.00004) * 1e6) / 1e6,
      speed: moving ? Math.round((8 + ((second * 7 + index) % 50) / 10) * 100) / 100 : 0,
      course: moving ? (90 + ((second + index) % 40)) % 360 : 0,
      accuracy: 3 + ((second + index) % 6),
      enroute: moving,
      street: moving ? `STREET ${index % 97}` : null,
    };
  });
  const started = performance.now();
  subject.points += (await app.telemetry.ingest(batch)).accepted;
  // Picture checkpoints as the plugin takes them (every CHECKPOINT_EVERY_POSITIONS positions).
  if (app.eventLog.store.lastSeq() - checkpoints.latestSeq() >= CHECKPOINT_EVERY_POSITIONS)
    await app.eventLog.write(() => checkpoints.take());
  subject.ingestMs += performance.now() - started;
}

async function report(subject: Subject): Promise<Run> {
  const { label, tripLimits, app, databasePath, things, seqBefore, points, ingestMs } = subject;
  try {
    const db = app.eventLog.db;
    const pointsPerSecond = points / (ingestMs / 1000);
    if (tripLimits !== ROWS_ONLY) await app.eventLog.write(() => app.eventLog.projections.trips.sealAll());
    db.pragma('wal_checkpoint(TRUNCATE)');
    const freeBytes = () =>
      Number(db.pragma('freelist_count', { simple: true })) *
      Number(db.pragma('page_size', { simple: true }));
    const freeAfterSealing = freeBytes();
    const sizes = new Map(
      db
        .prepare<[], { name: string; bytes: number }>(
          'SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name',
        )
        .all()
        .map((row) => [row.name, row.bytes]),
    );
    const of = (...names: string[]) => names.reduce((sum, name) => sum + (sizes.get(name) ?? 0), 0);
    const perPoint = (bytes: number) => (bytes / points).toFixed(1);
    const log = of('events');
    const blocks = of('trip_blocks', 'trip_heads', 'trip_store');
    const indexes = of(
      'events_not_telemetry',
      'trip_blocks_by_thing',
      'trip_blocks_by_first_seq',
      'trip_blocks_by_last_seq',
    );
    const pictures = of(
      'picture_checkpoints',
      // The row-per-thing layout before issue 36 item 3 (bench:storage run on an older commit).
      'picture_checkpoint_states',
      'sqlite_autoindex_picture_checkpoint_states_1',
    );
    // Every table and index the telemetry costs, the checkpoints that summarise it included.
    const telemetryBytes = log + blocks + indexes + pictures;
    const fileAfterSealing = fs.statSync(databasePath).size;
    console.log(
      `\n${label}: ${points.toLocaleString('en-US')} points (${deviceCount} devices × ${seconds} s at 1 Hz)`,
    );
    console.log(`  ingestion            ${Math.round(pointsPerSecond).toLocaleString('en-US')} points/s`);
    console.log(
      `  log rows (events)    ${perPoint(log)} B/point (${mb(log)}; the seed's other events included)`,
    );
    const blockShape = db
      .prepare<[], { count: number; bytes: number | null }>(
        'SELECT count(*) AS count, sum(length(points)) AS bytes FROM trip_blocks',
      )
      .get() ?? { count: 0, bytes: 0 };
    const perBlock = (value: number) => (blockShape.count > 0 ? value / blockShape.count : 0).toFixed(0);
    console.log(
      `  blocks               ${perPoint(blocks)} B/point (${mb(blocks)}; ${blockShape.count.toLocaleString('en-US')} ` +
        `blocks of ${perBlock(points)} samples and ${perBlock(blockShape.bytes ?? 0)} bytes on average)`,
    );
    console.log(`  indexes              ${perPoint(indexes)} B/point`);
    console.log(`  checkpoints          ${perPoint(pictures)} B/point (${mb(pictures)})`);
    console.log(
      `  telemetry, all told  ${perPoint(telemetryBytes)} B/point (budget ${BUDGET_BYTES_PER_POINT})`,
    );
    console.log(
      `  whole file           ${perPoint(fileAfterSealing)} B/point (${mb(fileAfterSealing)} after sealing, ` +
        `${mb(freeAfterSealing)} of it free pages that new rows reuse first)`,
    );
    if (values['ingestion-only'] === true)
      return { pointsPerSecond, points, bytesPerPoint: telemetryBytes / points };
    db.pragma('incremental_vacuum');
    db.pragma('wal_checkpoint(TRUNCATE)');
    const fileVacuumed = fs.statSync(databasePath).size;
    console.log(
      `  whole file, vacuumed ${perPoint(fileVacuumed)} B/point (${mb(fileVacuumed)}, the seeded world included)`,
    );

    // A past moment: one checkpoint interval of the log read from the middle of the run, as a past picture folds it.
    const middle = seqBefore + Math.floor((app.eventLog.store.lastSeq() - seqBefore) / 2);
    const readStarted = performance.now();
    let read = 0;
    for (let after = middle; read < CHECKPOINT_EVERY_POSITIONS;) {
      const page = readLogPage(db, after, Number.MAX_SAFE_INTEGER, 5_000);
      if (page.length === 0) break;
      // Each event's fields taken as the fold takes them (timeTravel/pastPicture.ts): sealed telemetry's from its
      // block's columns, a row's parsed; so neither side skips what a past picture pays.
      for (const row of page) if (sealedTelemetryOf(row) === null) JSON.parse(row.data);
      read += page.length;
      after = page[page.length - 1]?.seq ?? after;
    }
    console.log(
      `  past moment          ${(performance.now() - readStarted).toFixed(0)} ms to read ${read.toLocaleString('en-US')} events of the log`,
    );
    // Finding one position (the bisections for a moment's position call it), at spread positions, against the
    // merged reader asked for one event (how it was found before).
    const lastSeq = app.eventLog.store.lastSeq();
    const probes = Array.from(
      { length: 400 },
      (_, i) => seqBefore + Math.floor(((i * 7919) % 400) * ((lastSeq - seqBefore) / 400)),
    );
    const timePerCall = (find: (seq: number) => unknown) => {
      const started = performance.now();
      for (const seq of probes) find(seq);
      return ((performance.now() - started) / probes.length) * 1000;
    };
    const merged = timePerCall((seq) => readLogPage(db, seq - 1, Number.MAX_SAFE_INTEGER, 1));
    const direct = timePerCall((seq) => firstLogEventFrom(db, seq));
    console.log(
      `  one position         ${direct.toFixed(0)} µs a call (the merge asked for one event: ${merged.toFixed(0)} µs)`,
    );
    const device = things[0];
    const dayStarted = performance.now();
    const samples = device
      ? app.eventLog.projections.trips.pointsBetween(device.thing_key, START, START + seconds * 1000).length
      : 0;
    console.log(
      `  one device's span    ${(performance.now() - dayStarted).toFixed(1)} ms for ${samples} samples`,
    );

    const end = START + seconds * 1000;
    subject.setClock(end);
    const retained = await runLogRetention(app.eventLog, { now: end, maxAgeMs: (seconds * 1000) / 2 });
    db.pragma('wal_checkpoint(TRUNCATE)');
    console.log(
      `  retention of half    ${retained.removedEvents.toLocaleString('en-US')} events removed; file ` +
        `${mb(fileAfterSealing)} → ${mb(fs.statSync(databasePath).size)}`,
    );
    return { pointsPerSecond, points, bytesPerPoint: telemetryBytes / points };
  } finally {
    await app.close();
  }
}

// Both ways ingest the same seconds in the same run, turn about (which goes first alternates every second), so a
// machine whose load changes during the run slows both alike; the ratio is the figure to read.
try {
  const subjects = [await open('rows only (the old way: no sealing)', ROWS_ONLY)];
  if (values['old-only'] !== true) subjects.push(await open('sealed into blocks', TRIP_STORE_LIMITS));
  for (let second = 0; second < seconds; second += 1) {
    const order = second % 2 === 0 ? subjects : [...subjects].reverse();
    for (const subject of order) await ingestSecond(subject, second);
  }
  const [old, sealed] = [await report(subjects[0] as Subject), subjects[1] && (await report(subjects[1]))];
  if (sealed) {
    console.log(
      `\nsealed vs rows only: ingestion ${(sealed.pointsPerSecond / old.pointsPerSecond).toFixed(2)}x ` +
        `(interleaved second by second), ${sealed.bytesPerPoint.toFixed(1)} vs ${old.bytesPerPoint.toFixed(1)} B/point`,
    );
    if (sealed.bytesPerPoint > BUDGET_BYTES_PER_POINT) process.exitCode = 1;
  }
} finally {
  fs.rmSync(directory, { recursive: true, force: true });
}
