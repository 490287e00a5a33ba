// Exports (access §7): a request is checked, queued and moved by the worker through in progress to completed, its
// CSV holding the rows the simulator recorded; the creator-only delete, bad requests, failures and a restart.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportRecord } from '#domain/exports/exportRecord';
import { csvRecords } from '#tests/helpers/csv';
import { call, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';
import { telemetrySample } from './support/telemetrySamples.ts';
import { bearer, signIn, startHarness, temporaryDirectory } from './support/simulatorHarness.ts';

type Device = { id: string; system_identifier: string; device_type: 'ha5' | 'ha7' | 'api'; name: string };

let world: LiveWorld;
let devices: Device[];
// After the seed (the harness's clock starts at 2026-03-02T15:00Z): the log stays in time order.
const T0 = Date.parse('2026-03-02T15:10:00.000Z');
/** Within the tokens' two hours. */
const NOW = Date.parse('2026-03-02T16:00:00.000Z');

/** Records `count` points per device, one a second from T0, with the clock at each point's time. */
async function recordTrack(target: LiveWorld, tracked: readonly Device[], count: number) {
  const clock = target.harness.clock;
  for (let second = 0; second < count; second += 1) {
    clock.set(T0 + second * 1000);
    await target.app.telemetry.ingest(
      tracked.map((device, index) =>
        telemetrySample(device, T0 + second * 1000, {
          lat: 41.88 + index * 0.01 + second * 0.0001,
          lng: -87.63,
          speed: 10,
          street: index === 0 ? 'N STATE, "THE" ST' : 'W MADISON ST',
        }),
      ),
    );
  }
}

function ownDevices(target: LiveWorld, count: number): Device[] {
  return target.app.eventLog.db
    .prepare<[string, number], Device>(
      `SELECT t.id, t.system_identifier, t.device_type, coalesce(t.nickname, t.system_identifier) AS name
       FROM things t JOIN thing_access a ON a.thing_id = t.id AND a.organization_id = ?
       WHERE t.is_active = 1 ORDER BY t.id LIMIT ?`,
    )
    .all(target.ids.coordination, count);
}

const exportBody = (overrides: Record<string, unknown> = {}) => ({
  export_type: 'point',
  title: 'Points Export 2026-03-02',
  export_start_time: '2026-03-02T15:05:00.000Z',
  export_end_time: '2026-03-02T15:59:00.000Z',
  use_utc: true,
  organization_id: world.ids.coordination,
  thing_uuids: devices.map((device) => device.id),
  ...overrides,
});

async function listExports(target: LiveWorld, token: string): Promise<ExportRecord[]> {
  return (
    await call(target, 'GET', `/api/organization/export?org_ids[]=${target.ids.coordination}`, token)
  ).json();
}

async function download(target: LiveWorld, token: string, fileId: string) {
  const link = await call(
    target,
    'GET',
    `/api/reports/organization_monthly_report_pdf_link?filename=${fileId}&is_downloadable=true`,
    token,
  );
  expect(link.statusCode).toBe(200);
  const url = new URL(link.json<{ file_url: string }>().file_url);
  return target.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

beforeAll(async () => {
  world = await startLiveWorld();
  devices = ownDevices(world, 2);
  await recordTrack(world, devices, 30);
  world.harness.clock.set(NOW);
});
afterAll(async () => {
  await world.harness.close();
});

describe('POST /api/organization/export', () => {
  it('moves a Point export from requested to completed, its CSV holding every recorded point', async () => {
    const created = await call(world, 'POST', '/api/organization/export', world.tokens.user, exportBody());
    expect(created.statusCode).toBe(201);
    const record = created.json<ExportRecord>();
    expect(record).toMatchObject({
      status: 'requested',
      export_type: 'point',
      rows_written: 0,
      file_id: null,
    });
    await world.app.exportWorker.idle();
    const listed = (await listExports(world, world.tokens.user)).find((item) => item.id === record.id);
    expect(listed).toMatchObject({ status: 'completed', rows_written: 60, file_id: `${record.id}.csv` });
    const file = await download(world, world.tokens.user, listed?.file_id ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Points_Export_2026-03-02.csv');
    const rows = csvRecords(file.body);
    expect(rows).toHaveLength(60);
    expect(rows[0]).toMatchObject({
      'time (UTC)': '2026-03-02 15:10:00',
      asset: devices[0]?.name,
      device_id: devices[0]?.system_identifier,
      lat: '41.88',
      street: 'N STATE, "THE" ST',
    });
    expect(rows.filter((row) => row.device_id === devices[1]?.system_identifier)).toHaveLength(30);
    // The events say what happened, in order.
    const types = world.app.eventLog.db
      .prepare<[string], { type: string }>('SELECT type FROM events WHERE stream_id = ? ORDER BY seq')
      .all(record.id)
      .map((row) => row.type);
    expect(types[0]).toBe('ExportRequested');
    expect(types[1]).toBe('ExportStarted');
    expect(types.at(-1)).toBe('ExportCompleted');
  });

  it('writes the organization time zone unless UTC is asked', async () => {
    const created = await call(
      world,
      'POST',
      '/api/organization/export',
      world.tokens.user,
      exportBody({ use_utc: false }),
    );
    await world.app.exportWorker.idle();
    const record = (await listExports(world, world.tokens.user)).find(
      (item) => item.id === created.json<ExportRecord>().id,
    );
    const rows = csvRecords((await download(world, world.tokens.user, record?.file_id ?? '')).body);
    expect(Object.keys(rows[0] ?? {})[0]).toBe('time (America/Chicago)');
    expect(rows[0]?.['time (America/Chicago)']).toBe('2026-03-02 09:10:00');
  });

  it('totals distance per asset for Asset Mileage, in miles or kilometres', async () => {
    const created = await call(
      world,
      'POST',
      '/api/organization/export',
      world.tokens.user,
      exportBody({
        export_type: 'mileage',
        title: 'Asset Mileages Export',
        unit_of_measurement: 'kilometers',
      }),
    );
    await world.app.exportWorker.idle();
    const record = (await listExports(world, world.tokens.user)).find(
      (item) => item.id === created.json<ExportRecord>().id,
    );
    const rows = csvRecords((await download(world, world.tokens.user, record?.file_id ?? '')).body);
    expect(rows).toHaveLength(2);
    // 29 legs of 0.0001° of latitude (11.132 m each).
    expect(Number(rows[0]?.['distance (kilometers)'])).toBeCloseTo((29 * 11.132) / 1000, 3);
    expect(rows[0]?.points).toBe('30');
  });

  it('refuses ranges and choices the product forbids, in its words', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ export_end_time: '2026-03-02T15:00:00.000Z' }, 'End time must be after Start time'],
      [{ export_end_time: '2026-03-02T16:30:00.000Z' }, 'Must be past date'],
      [{ export_start_time: '2026-01-15T00:00:00.000Z' }, 'Exceeds max time range'],
      [{ thing_uuids: [] }, 'Must select at least 1 Asset'],
      [{ export_type: 'closure', thing_uuids: [] }, 'Must include at least 1 Closure type or Asset'],
      [{ thing_uuids: ['not-a-thing'] }, 'Asset not found'],
    ];
    for (const [overrides, message] of refusals) {
      const response = await call(
        world,
        'POST',
        '/api/organization/export',
        world.tokens.user,
        exportBody(overrides),
      );
      expect(response.statusCode, message).toBe(422);
      expect(response.json()).toMatchObject({ error: message });
    }
    // Mileage may cover four months.
    const mileage = await call(
      world,
      'POST',
      '/api/organization/export',
      world.tokens.user,
      exportBody({ export_type: 'mileage', export_start_time: '2025-11-15T00:00:00.000Z' }),
    );
    expect(mileage.statusCode).toBe(201);
    await world.app.exportWorker.idle();
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const response = await call(
      world,
      'POST',
      '/api/organization/export',
      world.tokens.user,
      exportBody({ export_type: 'trips' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('export_type');
    const untitled = await call(
      world,
      'POST',
      '/api/organization/export',
      world.tokens.user,
      exportBody({ title: '  ' }),
    );
    expect(untitled.json<{ message: string }>().message).toBe('title: Required');
  });

  it('checks token, permission and organization', async () => {
    expect(
      (await world.app.inject({ method: 'POST', url: '/api/organization/export', payload: exportBody() }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call(world, 'POST', '/api/organization/export', world.tokens.media, exportBody())).statusCode,
    ).toBe(403);
    const foreign = await call(
      world,
      'POST',
      '/api/organization/export',
      world.responderAdminToken,
      exportBody(),
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await call(
          world,
          'GET',
          `/api/organization/export?org_ids[]=${world.ids.coordination}`,
          world.responderAdminToken,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/organization/export/:id', () => {
  it('lets only the export creator delete, and removes the file', async () => {
    const created = (
      await call(world, 'POST', '/api/organization/export', world.tokens.admin, exportBody())
    ).json<ExportRecord>();
    await world.app.exportWorker.idle();
    const refused = await call(world, 'DELETE', `/api/organization/export/${created.id}`, world.tokens.user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Only the export creator can delete' });
    const filePath = world.app.files.pathOf('exports', `${created.id}.csv`);
    expect(fs.existsSync(filePath)).toBe(true);
    const deleted = await call(world, 'DELETE', `/api/organization/export/${created.id}`, world.tokens.admin);
    expect(deleted.json()).toEqual({ id: created.id });
    expect(fs.existsSync(filePath)).toBe(false);
    expect((await listExports(world, world.tokens.admin)).some((item) => item.id === created.id)).toBe(false);
    expect(
      (await call(world, 'DELETE', `/api/organization/export/${created.id}`, world.tokens.admin)).statusCode,
    ).toBe(404);
  });
});

describe('links', () => {
  it('refuse a forged or unknown file', async () => {
    const link = await call(
      world,
      'GET',
      '/api/reports/organization_monthly_report_pdf_link?filename=nope.csv&is_downloadable=true',
      world.tokens.user,
    );
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual({ error: 'File not found' });
    const forged = await world.app.inject({
      method: 'GET',
      url: '/api/files/exports/x.csv?expires=99999999999999&signature=abc',
    });
    expect(forged.statusCode).toBe(404);
  });
});

describe('the worker', () => {
  it('zips a large CSV', async () => {
    const harness = await startHarness({ files: { zipThresholdBytes: 1000 } });
    try {
      const token = (await signIn(harness.app, 'user@demo.test')).access_token;
      const zipWorld = { ...world, harness, app: harness.app } as LiveWorld;
      const ids = world.ids;
      const tracked = ownDevices({ ...zipWorld, ids }, 2);
      await recordTrack(zipWorld, tracked, 30);
      harness.clock.set(NOW);
      const created = await harness.app.inject({
        method: 'POST',
        url: '/api/organization/export',
        headers: bearer(token),
        payload: { ...exportBody(), thing_uuids: tracked.map((device) => device.id) },
      });
      await harness.app.exportWorker.idle();
      const record = (await listExports(zipWorld, token)).find(
        (item) => item.id === created.json<ExportRecord>().id,
      );
      expect(record).toMatchObject({ status: 'completed', file_id: `${record?.id}.zip` });
      const file = await download(zipWorld, token, record?.file_id ?? '');
      expect(file.headers['content-type']).toBe('application/zip');
      expect(file.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');
    } finally {
      await harness.close();
    }
  });

  it('leaves an errored export with its reason when the file cannot be written', async () => {
    const outside = temporaryDirectory();
    const blocked = path.join(outside.dir, 'blocked');
    fs.writeFileSync(blocked, 'a file where the folder should be');
    const broken = await startHarness({ files: { dir: blocked } });
    try {
      broken.clock.set(NOW);
      const token = (await signIn(broken.app, 'user@demo.test')).access_token;
      const brokenWorld = { ...world, harness: broken, app: broken.app } as LiveWorld;
      const created = await broken.app.inject({
        method: 'POST',
        url: '/api/organization/export',
        headers: bearer(token),
        payload: exportBody(),
      });
      expect(created.statusCode).toBe(201);
      await broken.app.exportWorker.idle();
      const record = (await listExports(brokenWorld, token))[0];
      expect(record).toMatchObject({ status: 'errored', file_id: null });
      expect(record?.error_reason).toMatch(/^Export failed: the file could not be written \(E[A-Z]+\)$/);
    } finally {
      await broken.close();
      outside.remove();
    }
  });

  it('runs again after a restart what was left in progress', async () => {
    const first = await startHarness();
    const token = (await signIn(first.app, 'user@demo.test')).access_token;
    const firstWorld = { ...world, harness: first, app: first.app } as LiveWorld;
    const tracked = ownDevices(firstWorld, 2);
    await recordTrack(firstWorld, tracked, 30);
    first.clock.set(NOW);
    // Stop the worker first, as a kill between slices would: the export stays requested, then in progress.
    await first.app.exportWorker.stop();
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/organization/export',
      headers: bearer(token),
      payload: { ...exportBody(), thing_uuids: tracked.map((device) => device.id) },
    });
    const id = created.json<ExportRecord>().id;
    await first.app.eventLog.write(() =>
      first.app.eventLog.record(
        { type: 'ExportStarted', data: { id } },
        { streamId: id, organizationId: world.ids.coordination, recordedAt: first.clock.now() },
      ),
    );
    fs.mkdirSync(first.app.files.folder('exports'), { recursive: true });
    fs.writeFileSync(path.join(first.app.files.folder('exports'), `${id}.csv.part`), 'half a file');
    const databasePath = first.databasePath;
    await first.app.close();
    const second = await startHarness({ databasePath, clock: first.clock });
    try {
      await second.app.exportWorker.idle();
      const again = { ...world, harness: second, app: second.app } as LiveWorld;
      const secondToken = (await signIn(second.app, 'user@demo.test')).access_token;
      const record = (await listExports(again, secondToken)).find((item) => item.id === id);
      expect(record).toMatchObject({ status: 'completed', rows_written: 60 });
      const rows = csvRecords((await download(again, secondToken, record?.file_id ?? '')).body);
      expect(rows).toHaveLength(60);
    } finally {
      await second.close();
      first.close().catch(() => undefined);
    }
  });
});
