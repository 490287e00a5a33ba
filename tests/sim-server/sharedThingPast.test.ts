// Issue 34 finding 7: a receiving organization sees a shared asset's past only from the moment it was shared and
// not after the share was taken back, in every past-reading route alike — the past messages, the past picture,
// trips, coverage, run-to-run and the point export. Before, the messages and trips answered the asset's telemetry from before the
// share (and nothing of it at all once revoked), while the past picture left it out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PastMessagesPage, PastPicture } from '#domain/timeTravel/timeTravelWire';
import type { CoverageRecord, TripRecord } from '#domain/trips/tripRecord';
import type { ExportRecord } from '#domain/exports/exportRecord';
import { csvRecords } from '#tests/helpers/csv';
import { call, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';
import { firstActiveThing, type ReportingThing } from './support/reportingThings.ts';
import { telemetrySample } from './support/telemetrySamples.ts';

let world: LiveWorld;
let target: ReportingThing;
const MINUTE = 60_000;
/** The minute the story starts; each sample is reported at its own minute after it. */
let start: number;
const at = (minutes: number) => start + minutes * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
/** The offset of the past picture at the start: the messages after it are the story's. */
let startOffset: number;

async function report(minutes: number): Promise<void> {
  world.harness.clock.set(at(minutes));
  await world.app.telemetry.ingest([
    telemetrySample(target, at(minutes), { lat: 41.8 + minutes / 1000, speed: 10 }),
  ]);
}

async function share(relationship: 'accessor' | 'delete', minutes: number): Promise<void> {
  world.harness.clock.set(at(minutes));
  const response = await call(world, 'PUT', `/api/things/${target.id}/associations`, world.tokens.admin, {
    organization_relationships: [{ organization_uuid: world.ids.fleet, relationship_type: relationship }],
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function fleetGet<T>(url: string): Promise<{ status: number; body: T }> {
  const response = await call(world, 'GET', url, world.fleetAdminToken);
  return { status: response.statusCode, body: response.json<T>() };
}

/** The times of the target's point messages the fleet is handed after the start, up to now. */
async function pointTimesHeard(): Promise<number[]> {
  const url =
    `/api/organization/history/events?organization_id=${world.ids.fleet}&after=${startOffset}` +
    `&to=${iso(world.harness.clock.now())}`;
  const { status, body } = await fleetGet<PastMessagesPage>(url);
  expect(status).toBe(200);
  return body.messages
    .map((entry) => entry.message as { type: string; data: { thing_id?: string; timestamp?: string } })
    .filter((message) => message.type === 'point' && message.data.thing_id === target.id)
    .map((message) => Date.parse(message.data.timestamp ?? ''));
}

async function tripTimes(): Promise<number[] | number> {
  const url = `/api/things/${target.id}/trips?start_time=${iso(at(0))}&end_time=${iso(world.harness.clock.now())}`;
  const { status, body } = await fleetGet<TripRecord>(url);
  if (status !== 200) return status;
  return body.runs.flatMap((run) => run.points.map((point) => Date.parse(point.timestamp)));
}

async function pictureAt(ms: number) {
  const url = `/api/organization/history?organization_id=${world.ids.fleet}&at=${iso(ms)}`;
  const { status, body } = await fleetGet<PastPicture>(url);
  expect(status).toBe(200);
  return body;
}

/** The times of the target's rows in a Point export the fleet makes over [from, to] (UTC). */
async function exportedPointTimes(from: number, to: number): Promise<number[]> {
  const created = await call(world, 'POST', '/api/organization/export', world.fleetAdminToken, {
    export_type: 'point',
    title: 'Shared points',
    export_start_time: iso(from),
    export_end_time: iso(to),
    use_utc: true,
    organization_id: world.ids.fleet,
    thing_uuids: [target.id],
  });
  expect(created.statusCode, created.body).toBe(201);
  await world.app.exportWorker.idle();
  const listed = (
    await fleetGet<ExportRecord[]>(`/api/organization/export?org_ids[]=${world.ids.fleet}`)
  ).body.find((item) => item.id === created.json<ExportRecord>().id);
  expect(listed?.status).toBe('completed');
  const link = await fleetGet<{ file_url: string }>(
    `/api/reports/organization_monthly_report_pdf_link?filename=${listed?.file_id ?? ''}&is_downloadable=true`,
  );
  const url = new URL(link.body.file_url);
  const file = await world.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  return csvRecords(file.body).map((row) => Date.parse(`${row['time (UTC)']?.replace(' ', 'T') ?? ''}Z`));
}

beforeAll(async () => {
  world = await startLiveWorld();
  target = firstActiveThing(world, world.ids.roadWorks);
  // After everything the seed reported, on a whole minute.
  start = Math.ceil((world.harness.clock.now() + 60 * MINUTE) / MINUTE) * MINUTE;
  world.harness.clock.set(start);
  startOffset = (await pictureAt(start)).offset;
  await report(1);
  await report(2);
});
afterAll(async () => {
  await world.harness.close();
});

describe('a shared asset seen by the organization it was shared with', () => {
  it('is heard and tripped only from the moment of the share', async () => {
    await share('accessor', 3);
    await report(4);
    await report(5);
    world.harness.clock.set(at(5) + 30_000);
    expect(await pointTimesHeard()).toEqual([at(4), at(5)]);
    expect(await tripTimes()).toEqual([at(4), at(5)]);
    expect(await exportedPointTimes(at(0), at(5) + 30_000)).toEqual([at(4), at(5)]);
    const before = await pictureAt(at(2) + 30_000);
    expect(before.things.data.map((thing) => thing.id)).not.toContain(target.id);
  });

  it('is seen in every past read inside the share and in none after it was taken back', async () => {
    await share('delete', 6);
    await report(7);
    world.harness.clock.set(at(8));
    expect(await pointTimesHeard()).toEqual([at(4), at(5)]);
    expect(await tripTimes()).toEqual([at(4), at(5)]);

    const during = await pictureAt(at(5) + 30_000);
    const seen = during.things.data.find((thing) => thing.id === target.id);
    expect(seen?.lat).toBe(41.805);
    const after = await pictureAt(at(7) + 30_000);
    expect(after.things.data.map((thing) => thing.id)).not.toContain(target.id);

    const coverage = await fleetGet<CoverageRecord[]>(`/api/things/coverage/?thing_ids[]=${target.id}`);
    expect(coverage.status).toBe(200);
    expect(coverage.body).toEqual([{ thing_id: target.id, first_time: iso(at(4)), last_time: iso(at(5)) }]);
  });

  it('stays whole for its owner', async () => {
    const url = `/api/things/${target.id}/trips?start_time=${iso(at(0))}&end_time=${iso(at(8))}`;
    const response = await call(world, 'GET', url, world.tokens.admin);
    const trip = response.json<TripRecord>();
    expect(trip.runs.flatMap((run) => run.points.map((point) => Date.parse(point.timestamp)))).toEqual([
      at(1),
      at(2),
      at(4),
      at(5),
      at(7),
    ]);
  });
});
