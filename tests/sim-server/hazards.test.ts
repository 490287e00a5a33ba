// Hazards and run-to-run search (issue 16): hazards derived from the recorded speeds with their severities and the
// type filter ("at least 1 type, or all"), the range rules, visibility; the R2R window of 15 minutes with its points
// and alerts, its start rule and its permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AT_LEAST_ONE_TYPE, type HazardRecord } from '#domain/hazards/hazard';
import { R2R_NOT_ENABLED, START_IN_PAST, type R2RRunRecord } from '#domain/r2r/r2rRun';
import { FIVE_ASSETS_MAX } from '#domain/trips/tripRange';
import { call, rows, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';
import { firstActiveThing, type ReportingThing } from './support/reportingThings.ts';
import { telemetrySample } from './support/telemetrySamples.ts';

let world: LiveWorld;
let responder: ReportingThing;
let roadWorker: ReportingThing;
let base: number;
const SECOND = 1000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  world = await startLiveWorld();
  // An HA5/HA7 responder with R2R on: the only kind the run-to-run search answers (access §6).
  responder = rows<ReportingThing>(
    world,
    `SELECT id, system_identifier, device_type FROM things
      WHERE organization_id = ? AND is_active = 1 AND r2r = 1 AND device_type IN ('ha5', 'ha7') LIMIT 1`,
    world.ids.responders,
  )[0] as ReportingThing;
  roadWorker = firstActiveThing(world, world.ids.roadWorks);
  base = world.harness.clock.now() - 60 * 60 * SECOND;
  // 20 → 14 → 11 m/s: one braking episode reaching 6 m/s² (high); steady; 11 → 14 m/s: 3 m/s² (low acceleration).
  const speeds = [20, 14, 11, 11, 11, 14];
  await world.app.telemetry.ingest(
    speeds.map((speed, index) =>
      telemetrySample(responder, base + index * SECOND, { speed, lat: 41.8 + index * 0.0001 }),
    ),
  );
});
afterAll(async () => {
  await world.harness.close();
});

const hazardsUrl = (extra: string, from = base - SECOND, to = base + 10 * SECOND) =>
  `/api/hazards?thing_ids[]=${responder.id}&start_time=${iso(from)}&end_time=${iso(to)}${extra}`;

describe('GET /api/hazards', () => {
  it('derives hard braking and rapid acceleration from the recorded speeds, newest first', async () => {
    const response = await call(world, 'GET', hazardsUrl('&types[]=all'), world.tokens.user);
    expect(response.statusCode).toBe(200);
    const hazards = response.json<HazardRecord[]>();
    expect(hazards.map((hazard) => [hazard.type, hazard.severity, hazard.time])).toEqual([
      ['rapid_acceleration', 'low', iso(base + 4 * SECOND)],
      ['hard_braking', 'high', iso(base)],
    ]);
    expect(hazards[1]).toMatchObject({ thing_id: responder.id, magnitude: 6, speed: 20, lat: 41.8 });
  });

  it('filters by type and severity', async () => {
    const braking = await call(world, 'GET', hazardsUrl('&types[]=hard_braking'), world.tokens.user);
    expect(braking.json<HazardRecord[]>().map((hazard) => hazard.type)).toEqual(['hard_braking']);
    const low = await call(world, 'GET', hazardsUrl('&types[]=all&severities[]=low'), world.tokens.user);
    expect(low.json<HazardRecord[]>().map((hazard) => hazard.severity)).toEqual(['low']);
  });

  it('refuses a search without a type, an unknown type, and more than 5 assets', async () => {
    const none = await call(world, 'GET', hazardsUrl(''), world.tokens.user);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'bad_request', message: `types[]: ${AT_LEAST_ONE_TYPE}` });
    const unknown = await call(world, 'GET', hazardsUrl('&types[]=potholes'), world.tokens.user);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/^types\[\]/);
    const many = Array.from({ length: 6 }, (_, index) => `&thing_ids[]=a${index}`).join('');
    const tooMany = await call(
      world,
      'GET',
      `/api/hazards?start_time=${iso(base)}&end_time=${iso(base + SECOND)}&types[]=all${many}`,
      world.tokens.user,
    );
    expect(tooMany.json()).toEqual({ error: 'bad_request', message: `thing_ids[]: ${FIVE_ASSETS_MAX}` });
  });

  it('answers 404 for an asset the caller does not see and 403 without the hazards permission', async () => {
    const foreign = await call(
      world,
      'GET',
      `/api/hazards?thing_ids[]=${roadWorker.id}&start_time=${iso(base)}&end_time=${iso(base + SECOND)}&types[]=all`,
      world.responderAdminToken,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Asset not found' });
    const media = await call(world, 'GET', hazardsUrl('&types[]=all'), world.tokens.media);
    expect(media.statusCode).toBe(403);
  });
});

describe('GET /api/things/{id}/r2r_run', () => {
  const r2rUrl = (start: string) => `/api/things/${responder.id}/r2r_run?start_time=${start}`;

  it('answers the 15 minutes from the start with the points and the alerts raised', async () => {
    const response = await call(world, 'GET', r2rUrl(iso(base - 2 * SECOND)), world.tokens.staff);
    expect(response.statusCode).toBe(200);
    const run = response.json<R2RRunRecord>();
    expect(run.start_time).toBe(iso(base - 2 * SECOND));
    expect(run.end_time).toBe(iso(base - 2 * SECOND + 15 * 60 * SECOND));
    expect(run.points.map((point) => point.speed)).toEqual([20, 14, 11, 11, 11, 14]);
    expect(run.alerts.map((alert) => alert.type)).toEqual(['hard_braking', 'rapid_acceleration']);
  });

  it('answers "R2R not enabled" for an API device and for an HA5/HA7 asset with R2R off', async () => {
    const refused = [
      ...rows<{ id: string }>(world, `SELECT id FROM things WHERE device_type = 'api' LIMIT 1`),
      ...rows<{ id: string }>(
        world,
        `SELECT id FROM things WHERE device_type IN ('ha5', 'ha7') AND r2r = 0 LIMIT 1`,
      ),
    ];
    expect(refused).toHaveLength(2);
    for (const { id } of refused) {
      const response = await call(
        world,
        'GET',
        `/api/things/${id}/r2r_run?start_time=${iso(base)}`,
        world.tokens.staff,
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: R2R_NOT_ENABLED, message: R2R_NOT_ENABLED });
    }
  });

  it('refuses a start in the future and a malformed one, and needs engineer:test', async () => {
    const future = await call(
      world,
      'GET',
      r2rUrl(iso(world.harness.clock.now() + SECOND)),
      world.tokens.staff,
    );
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ error: 'bad_request', message: `start_time: ${START_IN_PAST}` });
    const missing = await call(world, 'GET', `/api/things/${responder.id}/r2r_run`, world.tokens.staff);
    expect(missing.statusCode).toBe(400);
    const user = await call(world, 'GET', r2rUrl(iso(base)), world.tokens.user);
    expect(user.statusCode).toBe(403);
    const unknown = await call(
      world,
      'GET',
      `/api/things/nope/r2r_run?start_time=${iso(base)}`,
      world.tokens.staff,
    );
    expect(unknown.json()).toEqual({ error: 'Asset not found' });
  });
});
