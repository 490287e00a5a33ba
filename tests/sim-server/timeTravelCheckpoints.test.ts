// Picture checkpoints (issue 28 item 2, docs/time-travel.md): a past picture started from the nearest checkpoint is
// the picture a full rebuild from the log gives, at moments just before, on and just after a checkpoint, and stays
// so across a simulator restart and a rebuild of the projections (the middle checkpoint holds only its changes since
// the one before, issue 36 item 3); retention drops the checkpoints it passes.
import path from 'node:path';
import { manualClosureBody } from '#tests/helpers/closureBody';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildProjections } from '#sim/store/eventLog';
import { runLogRetention } from '#sim/store/logRetention';
import { createThingAudienceReader } from '#sim/things/thingAudience';
import { createPastLogRepository, type PastLogRepository } from '#sim/timeTravel/pastLogRepository';
import { buildPastPicture, LOCATIONS_WINDOW_MS } from '#sim/timeTravel/pastPicture';
import { createPastAudience } from '#sim/timeTravel/pastAudience';
import { audienceHistoriesOf } from '#sim/sharing/audienceHistoryRepository';
import { createScratchBases } from '#sim/timeTravel/scratchBases';
import {
  bearer,
  manualClock,
  organizationIds,
  signIn,
  startHarness,
  temporaryDirectory,
  type Harness,
} from './support/simulatorHarness.ts';
import { recordTelemetry, telemetrySample, firstDevicesOf } from './support/telemetrySamples.ts';

type Checkpoint = { seq: number; taken_at: number };

const EVERY_POSITIONS = 40;
const clock = manualClock();
const directory = temporaryDirectory();
const databasePath = path.join(directory.dir, 'sim.sqlite');
let harness: Harness;
let organizationId: string;
/** The answers before the restart, by moment. */
const answered = new Map<number, string>();

const start = () =>
  startHarness({ clock, databasePath, pictureCheckpoints: { everyPositions: EVERY_POSITIONS } });

/** The picture at `at`, from the checkpoints (as the route builds it) or from the whole log. */
async function pictureAt(at: number, from: 'checkpoint' | 'whole log') {
  const { eventLog } = harness.app;
  const stored = createPastLogRepository(eventLog.db);
  const log: PastLogRepository =
    from === 'checkpoint' ? stored : { ...stored, checkpointAtOrBefore: () => null };
  const window = log.window();
  if (window === null) throw new Error('empty log');
  const answer = await buildPastPicture(
    log,
    createScratchBases(log),
    createPastAudience(createThingAudienceReader(eventLog), audienceHistoriesOf(eventLog.db)),
    {
      organizationId,
      at,
      untilSeq: log.lastSeqAt(at, window.lastSeq),
      parts: { locations: true, closures: true, areas: true, zones: true },
      locationsWindowMs: LOCATIONS_WINDOW_MS,
    },
  );
  return {
    picture: JSON.parse(answer.text) as unknown,
    folded: answer.timings.foldedPositions,
    text: answer.text,
  };
}

function checkpoints(): Checkpoint[] {
  return harness.app.eventLog.db
    .prepare<[], Checkpoint>('SELECT seq, taken_at FROM picture_checkpoints ORDER BY seq')
    .all();
}

/** Moments a second before, on and a second after the middle checkpoint. */
function momentsAround(): number[] {
  const all = checkpoints();
  const middle = all[Math.floor(all.length / 2)];
  if (!middle) throw new Error('no checkpoint taken');
  return [middle.taken_at - 1_000, middle.taken_at, middle.taken_at + 1_000];
}

beforeAll(async () => {
  harness = await start();
  const staffToken = (await signIn(harness.app, 'staff@demo.test')).access_token;
  organizationId = organizationIds(harness.app).responders;
  const devices = firstDevicesOf(harness.app, organizationId, 6);
  for (let step = 1; step <= 60; step += 1) {
    clock.advance(1_000);
    const samples = devices.map((device, index) =>
      telemetrySample(device, clock.now(), {
        kind: (step + index) % 4 === 0 ? 'heartbeat' : 'point',
        lat: 41.87 + step * 0.0003 + index * 0.001,
        enroute: (step + index) % 7 !== 0,
        street: step % 3 === 0 ? null : `STREET ${step}`,
      }),
    );
    await recordTelemetry(harness.app, staffToken, samples);
    if (step % 20 === 0) {
      const closure = await harness.app.inject({
        method: 'POST',
        url: `/api/organization/closure?org_ids[]=${organizationId}`,
        headers: bearer(staffToken),
        payload: manualClosureBody(clock.now(), `Checkpoint closure ${step}`),
      });
      expect(closure.statusCode).toBe(201);
    }
    // The plugin takes its checkpoint on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  }
});

afterAll(async () => {
  await harness.close();
  directory.remove();
});

describe('picture checkpoints', () => {
  it('are taken as the log grows, every so many positions', () => {
    const taken = checkpoints();
    expect(taken.length).toBeGreaterThanOrEqual(5);
    taken.slice(1).forEach((checkpoint, index) => {
      expect(checkpoint.seq - (taken[index]?.seq ?? 0)).toBeGreaterThanOrEqual(EVERY_POSITIONS);
    });
  });

  it('give the picture a full rebuild gives, before, on and after a checkpoint', async () => {
    const [before, on, after] = momentsAround();
    // The middle one holds only the changes since the one before (store/pictureCheckpoints.ts).
    const middleBase = harness.app.eventLog.db
      .prepare<[number], number | null>('SELECT base_seq FROM picture_checkpoints WHERE taken_at = ?')
      .pluck()
      .get(on as number);
    expect(middleBase).not.toBeNull();
    for (const at of [before, on, after] as number[]) {
      const fromCheckpoint = await pictureAt(at, 'checkpoint');
      const fromWholeLog = await pictureAt(at, 'whole log');
      expect(fromCheckpoint.picture).toEqual(fromWholeLog.picture);
      expect(fromCheckpoint.folded).toBeLessThan(fromWholeLog.folded);
      answered.set(at, fromCheckpoint.text);
    }
    expect((await pictureAt(on as number, 'checkpoint')).folded).toBe(0);
  });

  it('give the same pictures after a restart', async () => {
    await harness.close();
    harness = await start();
    for (const [at, text] of answered) {
      const fromCheckpoint = await pictureAt(at, 'checkpoint');
      expect(fromCheckpoint.text).toBe(text);
      expect(fromCheckpoint.picture).toEqual((await pictureAt(at, 'whole log')).picture);
    }
  });

  it('are remade by a rebuild of the projections, and still give the same pictures', async () => {
    harness.app.eventLog.db.prepare('DELETE FROM picture_checkpoints').run();
    rebuildProjections(harness.app.eventLog, EVERY_POSITIONS);
    expect(checkpoints().length).toBeGreaterThanOrEqual(5);
    for (const [at, text] of answered) {
      const fromCheckpoint = await pictureAt(at, 'checkpoint');
      expect(fromCheckpoint.text).toBe(text);
      expect(fromCheckpoint.folded).toBeLessThan(EVERY_POSITIONS);
    }
  });

  it('taken before retention’s cut-off are dropped by it', async () => {
    const [, on] = momentsAround();
    await runLogRetention(harness.app.eventLog, { now: clock.now(), maxAgeMs: clock.now() - (on as number) });
    const left = checkpoints();
    expect(left.length).toBeGreaterThan(0);
    for (const checkpoint of left) expect(checkpoint.taken_at).toBeGreaterThanOrEqual(on as number);
  });
});
