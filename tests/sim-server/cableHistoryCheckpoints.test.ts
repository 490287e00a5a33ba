// The cable history seeded from picture checkpoints (issue 28, docs/time-travel.md "Pages of past messages"): a
// page of past messages that starts before, on or after a checkpoint carries the same messages — streets, runs,
// heartbeats — as the same page read from the log alone, with streets named rarely, runs ending before now,
// parked assets and an asset silent for a while; and pages read one after another (each starting from where the
// previous reader ended) equal one reading of the whole range.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCableHistory } from '#sim/cable/cableHistory';
import { createCheckpointStates } from '#sim/store/checkpointStates';
import { createPictureCheckpoints } from '#sim/store/pictureCheckpoints';
import { createThingAudienceReader } from '#sim/things/thingAudience';
import {
  manualClock,
  organizationIds,
  signIn,
  startHarness,
  temporaryDirectory,
  type Harness,
} from './support/simulatorHarness.ts';
import { recordTelemetry, telemetrySample, firstDevicesOf } from './support/telemetrySamples.ts';

type Page = { offsets: number[]; messages: string[]; lastOffset: number };

const EVERY_POSITIONS = 40;
const STEPS = 72;
const PAGE_POSITIONS = 40;
const directory = temporaryDirectory();
let harness: Harness;
let organizationId: string;

/** One second of each device, as its story goes (see the file's header). */
function behaviourOf(index: number, step: number) {
  switch (index) {
    case 0: // always en route, its street named twice
      return { enroute: true, street: step === 1 || step === 50 ? 'N CLARK ST' : null };
    case 1: // one run that ends before now, named once
      return { enroute: step <= 44, street: step === 2 ? 'W MADISON ST' : null };
    case 2: // parked, never named
      return { enroute: false, street: null };
    case 3: // silent for eleven seconds of every twelve, runs of half a minute
      return step % 12 === 0
        ? { enroute: Math.floor(step / 30) % 2 === 0, street: step % 36 === 0 ? `STREET ${step}` : null }
        : null;
    case 4: // heartbeats mostly, en route by turns
      return { kind: 'heartbeat' as const, enroute: Math.floor(step / 10) % 2 === 1, street: null };
    default: // a run that ends a little before now, one street
      return { enroute: step < 66, street: step === 5 ? 'S HALSTED ST' : null };
  }
}

/** The page of past messages after `afterOffset`, read by a history that has seen nothing before. */
function freshPage(afterOffset: number, positions = PAGE_POSITIONS): Page {
  const { eventLog } = harness.app;
  const reader = createCableHistory(eventLog, createThingAudienceReader(eventLog)).open?.(organizationId, {
    afterOffset,
  });
  if (!reader) throw new Error(`no history after ${afterOffset}`);
  const { offsets, messages, lastOffset } = reader.next(positions);
  return { offsets, messages, lastOffset };
}

function checkpointSeqs(): number[] {
  return harness.app.eventLog.db
    .prepare<[], { seq: number }>('SELECT seq FROM picture_checkpoints ORDER BY seq')
    .all()
    .map((row) => row.seq);
}

/** Starts a little before, on and a little after each checkpoint but the first, and halfway to the next. */
function startsAround(checkpoints: number[]): number[] {
  const lastSeq = harness.app.eventLog.store.lastSeq();
  return checkpoints
    .slice(1)
    .flatMap((seq) => [seq - 3, seq, seq + 3, seq + EVERY_POSITIONS / 2])
    .filter((start) => start < lastSeq);
}

beforeAll(async () => {
  const clock = manualClock();
  harness = await startHarness({
    clock,
    databasePath: path.join(directory.dir, 'sim.sqlite'),
    pictureCheckpoints: { everyPositions: EVERY_POSITIONS },
  });
  const staffToken = (await signIn(harness.app, 'staff@demo.test')).access_token;
  organizationId = organizationIds(harness.app).responders;
  const devices = firstDevicesOf(harness.app, organizationId, 6);
  for (let step = 1; step <= STEPS; step += 1) {
    clock.advance(1_000);
    const samples = devices.flatMap((device, index) => {
      const behaviour = behaviourOf(index, step);
      if (behaviour === null) return [];
      return [
        telemetrySample(device, clock.now(), { lat: 41.87 + step * 0.0002 + index * 0.001, ...behaviour }),
      ];
    });
    await recordTelemetry(harness.app, staffToken, samples);
    // The plugin takes its checkpoint on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  }
});

afterAll(async () => {
  await harness.close();
  directory.remove();
});

describe('pages of past messages seeded from picture checkpoints', () => {
  it('equal the pages read from the log alone, before, on and after a checkpoint, and read on in pages', async () => {
    const checkpoints = checkpointSeqs();
    expect(checkpoints.length).toBeGreaterThanOrEqual(5);
    const starts = startsAround(checkpoints);
    const reader = createCheckpointStates(harness.app.eventLog.db);
    // Every start has a checkpoint to seed from, so the pages below are read that way.
    for (const start of starts) expect(reader.nearestAtOrBefore(start)).not.toBeNull();
    const seeded = starts.map((start) => freshPage(start));
    // Pages one after another through one history: each starts from the states the previous one ended with.
    const first = checkpoints[1] ?? 0;
    const history = createCableHistory(harness.app.eventLog, createThingAudienceReader(harness.app.eventLog));
    const readOn: string[] = [];
    for (let after = first, done = false; !done;) {
      const page = history.open?.(organizationId, { afterOffset: after })?.next(EVERY_POSITIONS / 4);
      if (!page) throw new Error('no history');
      readOn.push(...page.messages);
      after = page.lastOffset;
      done = page.done;
    }

    await harness.app.eventLog.write(() => createPictureCheckpoints(harness.app.eventLog.db).clear());
    expect(checkpointSeqs()).toEqual([]);
    const fromLog = starts.map((start) => freshPage(start));
    expect(seeded).toEqual(fromLog);
    expect(readOn).toEqual(freshPage(first, Number.POSITIVE_INFINITY).messages);
    // The pages do carry what seeding decides: streets and runs.
    const allMessages = fromLog.flatMap((page) => page.messages).join('\n');
    expect(allMessages).toContain('"street":"W MADISON ST"');
    expect(allMessages).toMatch(/"run_id":"\d+"/);
    expect(allMessages).toContain('"type":"heartbeat"');
  });
});
