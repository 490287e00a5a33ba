// Monthly reports (access §7): the schema-checked list, newest first, for every organization the caller sees, and a
// real PDF per organization and month made from the stored events, reached through a signed file link.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeMonthlyReports,
  monthlyReportFileId,
  type MonthlyReportRecord,
} from '#domain/reports/monthlyReport';
import { call, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';
import { telemetrySample } from './support/telemetrySamples.ts';

let world: LiveWorld;

/** Hex of what pdfkit writes for a text shown in one of the standard fonts. */
const pdfText = (text: string) => Buffer.from(text, 'latin1').toString('hex');

beforeAll(async () => {
  world = await startLiveWorld();
  const device = world.app.eventLog.db
    .prepare<[string], { system_identifier: string; device_type: 'ha5' | 'ha7' | 'api' }>(
      `SELECT t.system_identifier, t.device_type FROM things t JOIN thing_access a ON a.thing_id = t.id
       WHERE a.organization_id = ? AND t.is_active = 1 ORDER BY t.id LIMIT 1`,
    )
    .get(world.ids.coordination);
  if (!device) throw new Error('no device');
  const start = world.harness.clock.now() + 60_000;
  for (let second = 0; second < 20; second += 1) {
    world.harness.clock.set(start + second * 1000);
    await world.app.telemetry.ingest([
      telemetrySample(device, start + second * 1000, { lat: 41.88 + second * 0.0001 }),
    ]);
  }
});
afterAll(async () => {
  await world.harness.close();
});

describe('GET /api/reports/{userOrgId}/organization_monthly_report_list', () => {
  it('lists this month for every organization the caller sees, sorted by name, in the schema', async () => {
    const response = await call(
      world,
      'GET',
      `/api/reports/${world.ids.coordination}/organization_monthly_report_list`,
      world.tokens.user,
    );
    expect(response.statusCode).toBe(200);
    const records = response.json<MonthlyReportRecord[]>();
    expect(decodeMonthlyReports(records).dropped).toBe(0);
    expect(records.length).toBeGreaterThan(1);
    expect(records.every((record) => record.year === 2026 && record.month === 3)).toBe(true);
    const names = records.map((record) => record.organization_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(records.find((record) => record.organization_id === world.ids.coordination)?.file_id).toBe(
      monthlyReportFileId(world.ids.coordination, 2026, 3),
    );
  });

  it('checks permission and organization', async () => {
    const url = `/api/reports/${world.ids.coordination}/organization_monthly_report_list`;
    expect((await world.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await call(world, 'GET', url, world.responderAdminToken)).statusCode).toBe(404);
  });
});

describe('the report PDF', () => {
  it('is made from the stored events and downloaded through its link', async () => {
    const fileId = monthlyReportFileId(world.ids.coordination, 2026, 3);
    const link = await call(
      world,
      'GET',
      `/api/reports/organization_monthly_report_pdf_link?filename=${fileId}`,
      world.tokens.user,
    );
    expect(link.statusCode).toBe(200);
    const url = new URL(link.json<{ file_url: string }>().file_url);
    const file = await world.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    // Named for the organization and month, not the file's id (issue 37 item 11).
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="Cook_County_Coordination_Center_2026-03_monthly_report.pdf"',
    );
    const pdf = file.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(pdfText('Cook County Coordination Center'));
    expect(pdf).toContain(pdfText('March 2026 (to date)'));
    // 19 legs of 0.0001° latitude = 211.5 m = 0.1 miles.
    expect(pdf).toContain(pdfText('0.1 miles'));
  });

  it('answers File not found for a month without a report or an organization out of sight', async () => {
    for (const fileId of [
      monthlyReportFileId(world.ids.coordination, 2025, 1),
      monthlyReportFileId(world.ids.coordination, 2026, 4),
      'monthly-nope.pdf',
    ]) {
      const response = await call(
        world,
        'GET',
        `/api/reports/organization_monthly_report_pdf_link?filename=${fileId}`,
        world.tokens.user,
      );
      expect(response.statusCode, fileId).toBe(404);
      expect(response.json()).toEqual({ error: 'File not found' });
    }
    const hidden = await call(
      world,
      'GET',
      `/api/reports/organization_monthly_report_pdf_link?filename=${monthlyReportFileId(world.ids.coordination, 2026, 3)}`,
      world.responderAdminToken,
    );
    expect(hidden.statusCode).toBe(404);
  });
});

const status = (fileId: string, token = world.tokens.user) =>
  call(world, 'GET', `/api/reports/organization_monthly_report_status?filename=${fileId}`, token);

describe('GET /api/reports/organization_monthly_report_status', () => {
  it('starts making a report at once, says how far it is, then that it is ready', async () => {
    const fileId = monthlyReportFileId(world.ids.responders, 2026, 3);
    const first = await status(fileId, world.tokens.staff);
    expect(first.statusCode).toBe(200);
    const answer = first.json<{ ready: boolean; progress: number }>();
    // Nothing was made before the question: the answer comes before the PDF, with the reading's progress.
    expect(answer.ready).toBe(false);
    expect(answer.progress).toBeGreaterThanOrEqual(0);
    expect(answer.progress).toBeLessThan(1);
    await expect
      .poll(async () => (await status(fileId, world.tokens.staff)).json<{ ready: boolean }>().ready)
      .toBe(true);
    expect(world.app.files.exists('reports', fileId)).toBe(true);
  });

  it('answers File not found for a report that does not exist or is out of sight', async () => {
    for (const fileId of [monthlyReportFileId(world.ids.coordination, 2025, 1), 'monthly-nope.pdf']) {
      const response = await status(fileId);
      expect(response.statusCode, fileId).toBe(404);
      expect(response.json()).toEqual({ error: 'File not found' });
    }
  });
});

describe('making reports ahead of the first request', () => {
  it("makes every organization's current month in the background", async () => {
    const fileId = monthlyReportFileId(world.ids.fleet, 2026, 3);
    expect(world.app.files.exists('reports', fileId)).toBe(false);
    await world.app.monthlyReports.warm();
    expect(world.app.files.exists('reports', fileId)).toBe(true);
    const answer = (await status(fileId, world.tokens.staff)).json<{ ready: boolean }>();
    expect(answer.ready).toBe(true);
  });

  it('makes again, after the month closed, a report made while the month ran', async () => {
    const fileId = monthlyReportFileId(world.ids.coordination, 2026, 3);
    const file = world.app.files.pathOf('reports', fileId);
    expect(world.app.files.exists('reports', fileId)).toBe(true);
    // Made "now", in March (the simulator's clock), then the month closes.
    const madeInMarch = new Date(world.harness.clock.now());
    fs.utimesSync(file, madeInMarch, madeInMarch);
    world.harness.clock.set(Date.parse('2026-04-02T12:00:00Z'));
    await world.app.monthlyReports.warm();
    expect(fs.statSync(file).mtimeMs).toBeGreaterThan(madeInMarch.getTime());
    expect(world.app.files.exists('reports', monthlyReportFileId(world.ids.coordination, 2026, 4))).toBe(
      true,
    );
  });
});
