// Trips and coverage (access §7 "Trips and coverage"): runs cut from the stored telemetry by the live rule, the
// range refusals in the product's words, visibility of the asset, and malformed queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATES_MUST_BE_DIFFERENT,
  END_AFTER_START,
  MUST_BE_PAST_DATE,
  MUST_INCLUDE_VALID_DATES,
  SELECT_UP_TO_24_HOURS,
} from '#domain/trips/tripRange';
import type { CoverageRecord, TripRecord } from '#domain/trips/tripRecord';
import { decodeTrips } from '#domain/trips/trip';
import { call, row, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';
import { firstActiveThing, type ReportingThing } from './support/reportingThings.ts';
import { telemetrySample } from './support/telemetrySamples.ts';

let world: LiveWorld;
let responder: ReportingThing;
let roadWorker: ReportingThing;
const MINUTE = 60_000;
let base: number;

beforeAll(async () => {
  world = await startLiveWorld();
  responder = firstActiveThing(world, world.ids.responders);
  roadWorker = firstActiveThing(world, world.ids.roadWorks);
  // After everything the seed reported, so these samples move the live state too.
  world.harness.clock.advance(60 * MINUTE);
  base = world.harness.clock.now() - 30 * MINUTE;
  // Run A: three en-route points; a stop; run B: two en-route points, still going.
  const at = (minutes: number) => base + minutes * MINUTE;
  await world.app.telemetry.ingest([
    telemetrySample(responder, at(0), { lat: 41.8, speed: 10, course: 90 }),
    telemetrySample(responder, at(1), { lat: 41.81, speed: 11, course: 91 }),
    telemetrySample(responder, at(2), { lat: 41.82, speed: 12, course: 92 }),
    telemetrySample(responder, at(3), { kind: 'heartbeat', enroute: false, speed: 0 }),
    telemetrySample(responder, at(10), { lat: 41.9, speed: 5 }),
    telemetrySample(responder, at(11), { lat: 41.91, speed: 6 }),
  ]);
});
afterAll(async () => {
  await world.harness.close();
});

const iso = (ms: number) => new Date(ms).toISOString();
const tripsUrl = (thingId: string, from: number | string, to: number | string) =>
  `/api/things/${thingId}/trips?start_time=${typeof from === 'number' ? iso(from) : from}&end_time=${
    typeof to === 'number' ? iso(to) : to
  }&run_date=${typeof from === 'number' ? iso(from) : from}`;
const seqOfSampleAt = (ms: number) =>
  row<{ seq: number }>(
    world,
    "SELECT seq FROM events WHERE type IN ('PointRecorded', 'HeartbeatRecorded') AND json_extract(data, '$.time') = ? AND stream_id = ?",
    iso(ms),
    responder.id,
  ).seq;

describe('GET /api/things/{id}/trips', () => {
  it('answers the runs within the range, each with its points, the live run ids and the active run', async () => {
    const response = await call(
      world,
      'GET',
      tripsUrl(responder.id, base - MINUTE, base + 20 * MINUTE),
      world.tokens.user,
    );
    expect(response.statusCode).toBe(200);
    const trip = response.json<TripRecord>();
    expect(trip.thing_id).toBe(responder.id);
    expect(trip.runs.map((run) => run.run_id)).toEqual([
      String(seqOfSampleAt(base)),
      String(seqOfSampleAt(base + 10 * MINUTE)),
    ]);
    const [first, second] = trip.runs;
    expect(first).toMatchObject({
      run_start: iso(base),
      run_end: iso(base + 2 * MINUTE),
      run_duration: 120,
      is_active: false,
    });
    expect(first?.points).toEqual([
      { lat: 41.8, lng: -87.6298, course: 90, speed: 10, timestamp: iso(base) },
      { lat: 41.81, lng: -87.6298, course: 91, speed: 11, timestamp: iso(base + MINUTE) },
      { lat: 41.82, lng: -87.6298, course: 92, speed: 12, timestamp: iso(base + 2 * MINUTE) },
    ]);
    // The second run is the asset's current one, as the live state says.
    expect(second?.is_active).toBe(true);
    const current = row<{ run_id: string }>(
      world,
      'SELECT s.run_id FROM things t JOIN thing_states s ON s.thing_key = t.thing_key WHERE t.id = ?',
      responder.id,
    );
    expect(second?.run_id).toBe(current.run_id);
    // The dashboard reads it: two trips, newest first after the merge.
    expect(decodeTrips(trip, 'Unit')?.map((each) => each.path.length)).toEqual([3, 2]);
  });

  it('names a run that began before the range by its live id, with only the points inside the range', async () => {
    const response = await call(
      world,
      'GET',
      tripsUrl(responder.id, base + MINUTE + 1, base + 5 * MINUTE),
      world.tokens.user,
    );
    const trip = response.json<TripRecord>();
    expect(trip.runs).toHaveLength(1);
    expect(trip.runs[0]?.run_id).toBe(String(seqOfSampleAt(base)));
    expect(trip.runs[0]?.points.map((point) => point.timestamp)).toEqual([iso(base + 2 * MINUTE)]);
  });

  it('answers no runs for a range without telemetry', async () => {
    const response = await call(
      world,
      'GET',
      tripsUrl(responder.id, base - 120 * MINUTE, base - 60 * MINUTE),
      world.tokens.user,
    );
    expect(response.json()).toEqual({ thing_id: responder.id, runs: [] });
  });

  // Offsets from the recorded runs' start, in minutes (the start is known only once the world is up).
  it.each([
    ['an end in the future', 0, 24 * 60, `end_time: ${MUST_BE_PAST_DATE}`],
    ['equal dates', 0, 0, `end_time: ${DATES_MUST_BE_DIFFERENT}`],
    ['an end before the start', 0, -1, `end_time: ${END_AFTER_START}`],
    ['more than 24 hours', -25 * 60, 0, `end_time: ${SELECT_UP_TO_24_HOURS}`],
    ['an unreadable start', 'yesterday', 0, `start_time: ${MUST_INCLUDE_VALID_DATES}`],
  ] as const)('refuses %s with the form text', async (_name, from, to, message) => {
    const start = typeof from === 'number' ? base + from * MINUTE : from;
    const response = await call(
      world,
      'GET',
      tripsUrl(responder.id, start, base + to * MINUTE),
      world.tokens.user,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message });
  });

  it('refuses a query without a start time, naming the field', async () => {
    const response = await call(
      world,
      'GET',
      `/api/things/${responder.id}/trips?end_time=${iso(base)}`,
      world.tokens.user,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^start_time: /);
  });

  it('answers 404 "Asset not found" for an unknown asset and one the caller does not see', async () => {
    const unknown = await call(
      world,
      'GET',
      tripsUrl('no-such-thing', base, base + MINUTE),
      world.tokens.user,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Asset not found' });
    const foreign = await call(
      world,
      'GET',
      tripsUrl(roadWorker.id, base, base + MINUTE),
      world.responderAdminToken,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Asset not found' });
  });

  it('needs a token and the trips permission', async () => {
    const anonymous = await world.app.inject({
      method: 'GET',
      url: tripsUrl(responder.id, base, base + MINUTE),
    });
    expect(anonymous.statusCode).toBe(401);
    const media = await call(world, 'GET', tripsUrl(responder.id, base, base + MINUTE), world.tokens.media);
    expect(media.statusCode).toBe(403);
  });
});

describe('GET /api/things/coverage/', () => {
  it('answers the first and latest telemetry time of each asset', async () => {
    const response = await call(
      world,
      'GET',
      `/api/things/coverage/?thing_ids[]=${responder.id}&thing_ids[]=${roadWorker.id}`,
      world.tokens.user,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<CoverageRecord[]>()).toEqual([
      {
        thing_id: responder.id,
        first_time: expect.any(String) as string,
        last_time: iso(base + 11 * MINUTE),
      },
      {
        thing_id: roadWorker.id,
        first_time: expect.any(String) as string,
        last_time: expect.any(String) as string,
      },
    ]);
  });

  it('refuses an unseen asset with 404 and a query without assets with 400', async () => {
    const foreign = await call(
      world,
      'GET',
      `/api/things/coverage/?thing_ids[]=${roadWorker.id}`,
      world.responderAdminToken,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Asset not found' });
    const empty = await call(world, 'GET', '/api/things/coverage/', world.tokens.user);
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/thing_ids/);
  });
});
