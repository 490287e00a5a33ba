// Custom reports (access §5 "Custom reports", §6): a request is checked against the product's rules and recorded;
// its PDF is made from the stored events when first asked for and reached through the reports' file link; the
// list, the delete and every refusal (token, permission, organization, body shape, the rules in the product's words)
// leave the log as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomReportRecord } from '#domain/reports/customReport';
import { pdfTexts } from '#tests/helpers/pdfText';
import { call, eventCount, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';
import { telemetrySample } from './support/telemetrySamples.ts';

type Device = { id: string; system_identifier: string; device_type: 'ha5' | 'ha7' | 'api'; name: string };

let world: LiveWorld;
let devices: Device[];
const T0 = Date.parse('2026-03-02T15:10:00.000Z');
const NOW = Date.parse('2026-03-02T16:00:00.000Z');
const PATH = '/api/reports/custom_reports';

const reportBody = (overrides: Record<string, unknown> = {}) => ({
  report_type: 'activity',
  title: 'Activity Report 2026-03-02',
  report_start_time: '2026-03-02T15:05:00.000Z',
  report_end_time: '2026-03-02T15:59:00.000Z',
  use_utc: true,
  organization_id: world.ids.coordination,
  thing_uuids: devices.map((device) => device.id),
  ...overrides,
});

async function create(body: Record<string, unknown>, token = world.tokens.admin) {
  const response = await call(world, 'POST', PATH, token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CustomReportRecord>();
}

/** The texts the report's PDF shows, fetched through the file link call and the signed link. */
async function pdfOf(fileId: string, token = world.tokens.user): Promise<string[]> {
  const link = await call(
    world,
    'GET',
    `/api/reports/organization_monthly_report_pdf_link?filename=${fileId}`,
    token,
  );
  expect(link.statusCode, link.body).toBe(200);
  const url = new URL(link.json<{ file_url: string }>().file_url);
  const file = await world.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  const pdf = file.rawPayload.toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  return pdfTexts(pdf);
}

beforeAll(async () => {
  world = await startLiveWorld();
  devices = world.app.eventLog.db
    .prepare<[string], Device>(
      `SELECT t.id, t.system_identifier, t.device_type, coalesce(t.nickname, t.system_identifier) AS name
       FROM things t JOIN thing_access a ON a.thing_id = t.id AND a.organization_id = ?
       WHERE t.is_active = 1 ORDER BY t.id LIMIT 2`,
    )
    .all(world.ids.coordination);
  const clock = world.harness.clock;
  for (let second = 0; second < 30; second += 1) {
    clock.set(T0 + second * 1000);
    await world.app.telemetry.ingest(
      devices.map((device, index) =>
        telemetrySample(device, T0 + second * 1000, {
          lat: 41.88 + index * 0.01 + second * 0.0001,
          lng: -87.63,
          speed: 10,
          enroute: index === 0,
        }),
      ),
    );
  }
  clock.set(NOW);
});
afterAll(async () => {
  await world.harness.close();
});

describe('POST /api/reports/custom_reports', () => {
  it('records an activity report whose PDF totals the chosen assets from the stored events', async () => {
    const record = await create(reportBody());
    expect(record).toMatchObject({
      report_type: 'activity',
      title: 'Activity Report 2026-03-02',
      time_zone: 'UTC',
      thing_uuids: devices.map((device) => device.id),
      closures_to_include: [],
      file_id: `custom-${record.id}.pdf`,
    });
    const listed = await call(world, 'GET', `${PATH}?org_ids[]=${world.ids.coordination}`, world.tokens.user);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<CustomReportRecord[]>().map((item) => item.id)).toContain(record.id);
    const pdf = await pdfOf(record.file_id);
    expect(pdf).toContain('Activity Report 2026-03-02');
    expect(pdf).toContain('Cook County Coordination Center · Activity report');
    expect(pdf).toContain('2 (2 reported in the range)');
    // 2 × 29 legs of 0.0001° of latitude (11.132 m each) = 645.7 m = 0.4 miles (a US organization).
    expect(pdf).toContain('0.4 miles');
    expect(pdf).toContain('60');
    // The first device was en route for its 29 seconds.
    expect(pdf).toContain('0.01');
    for (const device of devices) expect(pdf).toContain(device.name);
  });

  it('writes a mileage report per asset in kilometers, by region when asked', async () => {
    const record = await create(
      reportBody({ report_type: 'mileage', unit_of_measurement: 'kilometers', by_region: true }),
    );
    const pdf = await pdfOf(record.file_id);
    expect(pdf).toContain('Cook County Coordination Center · Mileage report');
    expect(pdf).toContain('Distance per asset and region');
    // 29 legs of 11.132 m per asset.
    expect(pdf.filter((text) => text === '0.323')).toHaveLength(2);
  });

  it('includes the chosen closure types without any asset', async () => {
    const record = await create(
      reportBody({
        organization_id: world.ids.roadWorks,
        thing_uuids: [],
        closures_to_include: ['manual', 'feed'],
      }),
    );
    const pdf = await pdfOf(record.file_id);
    expect(pdf).toContain('Right lane closed for resurfacing');
    expect(pdf).toContain('Bridge joint replacement (IDOT feed)');
    // Automated closures come with their asset, which was not chosen.
    expect(pdf).not.toContain('Mobile lane closure behind arrow board');
  });

  it('refuses ranges and choices the product forbids, in its words, writing nothing', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ report_end_time: '2026-03-02T15:00:00.000Z' }, 'End time must be after Start time'],
      [{ report_end_time: '2026-03-02T16:30:00.000Z' }, 'Must be past date'],
      [{ report_start_time: '2026-01-15T00:00:00.000Z' }, 'Exceeds max time range'],
      [{ report_type: 'mileage', report_start_time: '2025-10-15T00:00:00.000Z' }, 'Exceeds max time range'],
      [{ thing_uuids: [] }, 'Must include at least 1 Closure type or Asset'],
      [
        { report_type: 'mileage', thing_uuids: [], closures_to_include: ['manual'] },
        'Must select at least 1 Asset',
      ],
      [{ thing_uuids: ['not-a-thing'] }, 'Asset not found'],
    ];
    const before = eventCount(world);
    for (const [overrides, message] of refusals) {
      const response = await call(world, 'POST', PATH, world.tokens.admin, reportBody(overrides));
      expect(response.statusCode, message).toBe(422);
      expect(response.json()).toMatchObject({ error: message });
    }
    expect(eventCount(world)).toBe(before);
    // Mileage may cover four months.
    await create(reportBody({ report_type: 'mileage', report_start_time: '2025-11-15T00:00:00.000Z' }));
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const before = eventCount(world);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, 'Required'],
      [{ report_type: 'weekly' }, 'must be activity or mileage'],
      [{ closures_to_include: ['automated'] }, 'must be manual or feed'],
      [{ report_start_time: 'yesterday' }, 'must be an ISO 8601 time'],
    ];
    for (const [overrides, text] of cases) {
      const response = await call(world, 'POST', PATH, world.tokens.admin, reportBody(overrides));
      expect(response.statusCode, text).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(text);
    }
    expect(eventCount(world)).toBe(before);
  });

  it('checks the token, the permission and the organization', async () => {
    const before = eventCount(world);
    expect((await world.app.inject({ method: 'POST', url: PATH, payload: reportBody() })).statusCode).toBe(
      401,
    );
    // A User reads reports but does not create them.
    expect((await call(world, 'POST', PATH, world.tokens.user, reportBody())).statusCode).toBe(403);
    expect((await call(world, 'POST', PATH, world.responderAdminToken, reportBody())).statusCode).toBe(404);
    expect((await call(world, 'GET', PATH, world.tokens.media)).statusCode).toBe(403);
    expect(
      (await call(world, 'GET', `${PATH}?org_ids[]=${world.ids.coordination}`, world.responderAdminToken))
        .statusCode,
    ).toBe(404);
    expect(eventCount(world)).toBe(before);
  });
});

describe('DELETE /api/reports/custom_reports/{id}', () => {
  it('removes the report and its PDF for those allowed to delete reports in its organization', async () => {
    const record = await create(reportBody());
    await pdfOf(record.file_id);
    expect(world.app.files.exists('reports', record.file_id)).toBe(true);
    const url = `${PATH}/${record.id}`;
    expect((await call(world, 'DELETE', url, world.tokens.user)).statusCode).toBe(403);
    const hidden = await call(world, 'DELETE', url, world.responderAdminToken);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: 'Report not found' });
    const deleted = await call(world, 'DELETE', url, world.tokens.orgAdmin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: record.id });
    expect(world.app.files.exists('reports', record.file_id)).toBe(false);
    const listed = await call(world, 'GET', `${PATH}?org_ids[]=${world.ids.coordination}`, world.tokens.user);
    expect(listed.json<CustomReportRecord[]>().map((item) => item.id)).not.toContain(record.id);
    const link = await call(
      world,
      'GET',
      `/api/reports/organization_monthly_report_pdf_link?filename=${record.file_id}`,
      world.tokens.user,
    );
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual({ error: 'File not found' });
    expect((await call(world, 'DELETE', url, world.tokens.orgAdmin)).statusCode).toBe(404);
  });
});
