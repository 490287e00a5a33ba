// Issue 37 item 5: the monthly and the custom (activity) reports count incidents from one definition
// (domain/reports/incidentCount.ts): an incident counts when one of the report's assets was on scene at it during the
// range, whoever's incident it is. The seeded world's coordination center manages the responders, so its activity
// report over all its assets counts the responders' incidents with units on scene, as their monthly report does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomReportRecord } from '#domain/reports/customReport';
import { createExportRepository, type ExportRepository } from '#sim/exports/exportRepository';
import { scanCustomReport } from '#sim/reports/customReportSummary';
import { scanMonthlySummary } from '#sim/reports/monthlySummary';
import { manualClock, organizationIds, startHarness, type Harness } from './support/simulatorHarness.ts';

const NOW = Date.parse('2026-12-02T21:00:00.000Z');
const DAY_START = Date.parse('2026-12-02T06:00:00.000Z'); // midnight in Chicago
let world: Harness;
let repository: ExportRepository;

beforeAll(async () => {
  world = await startHarness({ clock: manualClock(NOW) });
  repository = createExportRepository(world.app.eventLog.db);
});
afterAll(async () => {
  await world.close();
});

function activityReport(organizationId: string, start: number, end: number): number {
  const things = repository.exportThings(organizationId, []).map((thing) => thing.id);
  const record: CustomReportRecord = {
    id: 'report-1',
    organization_id: organizationId,
    requested_by: 'user-1',
    requested_by_name: 'Uma Underwood',
    report_type: 'activity',
    title: 'Today',
    report_start_time: new Date(start).toISOString(),
    report_end_time: new Date(end).toISOString(),
    use_utc: false,
    time_zone: 'America/Chicago',
    thing_uuids: things,
    closures_to_include: [],
    by_region: false,
    unit_of_measurement: 'miles',
    requested_at: new Date(NOW).toISOString(),
    file_id: 'custom-report-1.pdf',
  };
  const scan = scanCustomReport(repository, record, 'any');
  while (scan.step()) {
    // a page of telemetry at a time
  }
  return scan.result().incidents;
}

function monthlyWithAssets(organizationId: string, start: number, end: number): number {
  const scan = scanMonthlySummary(repository, {
    organizationId,
    organizationName: 'any',
    year: 2026,
    month: 12,
    timeZone: 'America/Chicago',
    start,
    end,
    now: NOW,
  });
  while (scan.step()) {
    // a page of telemetry at a time
  }
  return scan.result().incidentsWithAssets;
}

describe('incidents in reports', () => {
  it('count the same incidents with assets on scene in an activity report and a monthly report of the day', () => {
    const ids = organizationIds(world.app);
    const responders = monthlyWithAssets(ids.responders, DAY_START, NOW);
    expect(responders).toBeGreaterThan(0);
    expect(activityReport(ids.responders, DAY_START, NOW)).toBe(responders);
    // The coordination center's report over all its assets (its own and those it manages or accesses).
    expect(activityReport(ids.coordination, DAY_START, NOW)).toBe(responders);
    expect(monthlyWithAssets(ids.coordination, DAY_START, NOW)).toBe(responders);
  });

  it('count an incident only when a unit was on scene during the range, not merely while the incident lasted', () => {
    const ids = organizationIds(world.app);
    // The last hour: the seeded incidents going on now have units on scene; one that ended 18 h ago counts only in
    // the last 24 hours.
    const lastHour = activityReport(ids.coordination, NOW - 3_600_000, NOW);
    expect(lastHour).toBeGreaterThan(0);
    expect(lastHour).toBe(monthlyWithAssets(ids.responders, NOW - 3_600_000, NOW));
    expect(lastHour).toBeLessThan(activityReport(ids.coordination, NOW - 24 * 3_600_000, NOW));
  });
});
