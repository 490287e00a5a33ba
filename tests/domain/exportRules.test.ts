// The export and report rules of access §2-§9 as pure functions: default titles and ranges on a named time zone's
// calendar, the range and choice problems in the product's words, status groups, CSV quoting, mileage and regions,
// the zoned timestamps rows are written with, and the monthly reports tree.
import { describe, expect, it } from 'vitest';
import {
  defaultExportRange,
  defaultExportTitle,
  exportChoicesProblem,
  exportRangeProblem,
  exportStatusGroup,
} from '#domain/exports/exportRules';
import {
  csvLine,
  distanceIn,
  legMetres,
  OUTSIDE_REGIONS,
  regionOf,
  spanOverlaps,
} from '#domain/exports/exportRows';
import { exportFileName } from '#domain/exports/export';
import {
  decodeMonthlyReports,
  monthlyReportFileId,
  monthlyReportTree,
  parseMonthlyReportFileId,
  type MonthlyReportItem,
} from '#domain/reports/monthlyReport';
import { instantOfWallTimeText, wallTimeText, zonedTimestampFormatter } from '#domain/units/zonedTime';

const CHICAGO = 'America/Chicago';
const at = (iso: string) => Date.parse(iso);

describe('defaults', () => {
  it('titles an export by its type label', () => {
    expect(defaultExportTitle('mileage', '2026-03-02')).toBe('Asset Mileages Export 2026-03-02');
    expect(defaultExportTitle('point', '2026-03-02')).toBe('Points Export 2026-03-02');
  });

  it('ranges over the previous day, or the previous full month for mileage, on the zone calendar', () => {
    const now = at('2026-03-02T03:00:00Z'); // 21:00 on 1 March in Chicago
    expect(defaultExportRange('point', now, CHICAGO)).toEqual({
      start: at('2026-02-28T06:00:00Z'),
      end: at('2026-03-01T05:59:59Z'),
    });
    expect(defaultExportRange('mileage', now, CHICAGO)).toEqual({
      start: at('2026-02-01T06:00:00Z'),
      end: at('2026-03-01T05:59:59Z'),
    });
    expect(defaultExportRange('incident', now, 'UTC')).toEqual({
      start: at('2026-03-01T00:00:00Z'),
      end: at('2026-03-01T23:59:59Z'),
    });
  });
});

describe('problems', () => {
  const now = at('2026-03-10T12:00:00Z');
  it('names the first problem of a range', () => {
    const range = (start: string, end: string) => ({ start: at(start), end: at(end) });
    expect(exportRangeProblem('point', { start: null, end: now }, now, 'UTC')).toBe(
      'Must include valid dates',
    );
    expect(
      exportRangeProblem('point', range('2026-03-02T00:00:00Z', '2026-03-01T00:00:00Z'), now, 'UTC'),
    ).toBe('End time must be after Start time');
    expect(
      exportRangeProblem('point', range('2026-03-02T00:00:00Z', '2026-03-10T12:00:01Z'), now, 'UTC'),
    ).toBe('Must be past date');
    expect(
      exportRangeProblem('point', range('2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z'), now, 'UTC'),
    ).toBeNull();
    expect(
      exportRangeProblem('point', range('2026-02-01T00:00:00Z', '2026-03-01T00:00:01Z'), now, 'UTC'),
    ).toBe('Exceeds max time range');
    expect(
      exportRangeProblem('mileage', range('2025-11-01T00:00:00Z', '2026-03-01T00:00:00Z'), now, 'UTC'),
    ).toBeNull();
  });

  it('asks a Point export for an asset and a Closure export for a closure type or an asset', () => {
    expect(exportChoicesProblem('point', { thingIds: [], closuresToInclude: [] })).toBe(
      'Must select at least 1 Asset',
    );
    expect(exportChoicesProblem('closure', { thingIds: [], closuresToInclude: [] })).toBe(
      'Must include at least 1 Closure type or Asset',
    );
    expect(exportChoicesProblem('closure', { thingIds: [], closuresToInclude: ['feed'] })).toBeNull();
    expect(exportChoicesProblem('asset', { thingIds: [], closuresToInclude: [] })).toBeNull();
  });

  it('shows requested and in-progress exports together', () => {
    expect(exportStatusGroup('in_progress')).toBe('requested');
    expect(exportStatusGroup('requested')).toBe('requested');
    expect(exportStatusGroup('errored')).toBe('errored');
  });
});

describe('rows', () => {
  it('quotes CSV cells that need it', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', null, 3, true])).toBe('a,"b,c","say ""hi""",,3,true\r\n');
  });

  it('counts legs, not bad fixes, in miles or kilometres', () => {
    const metres = legMetres(
      { time: 0, lat: 41.88, lng: -87.63 },
      { time: 10_000, lat: 41.881, lng: -87.63 },
    );
    expect(metres).toBeCloseTo(111.32, 2);
    expect(legMetres({ time: 0, lat: 41.88, lng: -87.63 }, { time: 1000, lat: 41.89, lng: -87.63 })).toBe(0);
    expect(distanceIn('miles', 1609.344)).toBe(1);
    expect(distanceIn('kilometers', 1500)).toBe(1.5);
  });

  it('finds the first region a position is in', () => {
    const square = [
      { lat: 41, lon: -88 },
      { lat: 41, lon: -87 },
      { lat: 42, lon: -87 },
      { lat: 42, lon: -88 },
    ];
    const regions = [
      { name: 'Depot', polygon: null, centre: { lat: 41.5, lng: -87.5 }, radiusMetres: 100 },
      { name: 'County', polygon: square, centre: null, radiusMetres: 0 },
    ];
    expect(regionOf(41.5, -87.5, regions)).toBe('Depot');
    expect(regionOf(41.6, -87.5, regions)).toBe('County');
    expect(regionOf(43, -87.5, regions)).toBe(OUTSIDE_REGIONS);
  });

  it('treats an open end of a span as unbounded', () => {
    expect(spanOverlaps(null, null, 0, 1)).toBe(true);
    expect(
      spanOverlaps('2026-03-01T00:00:00Z', null, at('2026-02-01T00:00:00Z'), at('2026-02-28T00:00:00Z')),
    ).toBe(false);
  });

  it('names the file after the title', () => {
    expect(exportFileName('Points Export 2026-03-02', 'x.zip')).toBe('Points_Export_2026-03-02.zip');
  });
});

describe('zoned times', () => {
  it('writes timestamps on the zone wall clock across a DST change', () => {
    const format = zonedTimestampFormatter(CHICAGO);
    expect(format(at('2026-03-08T07:59:59Z'))).toBe('2026-03-08 01:59:59');
    expect(format(at('2026-03-08T08:00:00Z'))).toBe('2026-03-08 03:00:00');
    expect(zonedTimestampFormatter('Asia/Kolkata')(at('2026-03-08T08:00:00Z'))).toBe('2026-03-08 13:30:00');
  });

  it('round-trips a datetime-local value', () => {
    expect(wallTimeText(at('2026-03-02T15:10:00Z'), CHICAGO)).toBe('2026-03-02T09:10');
    expect(instantOfWallTimeText('2026-03-02T09:10', CHICAGO)).toBe(at('2026-03-02T15:10:00Z'));
    expect(instantOfWallTimeText('nonsense', CHICAGO)).toBeNull();
  });
});

describe('monthly reports', () => {
  const item = (year: number, month: number, name: string): MonthlyReportItem => ({
    fileId: monthlyReportFileId(name, year, month),
    year,
    month,
    organizationId: name,
    organizationName: name,
  });

  it('builds the tree: years and months newest first, organizations by name', () => {
    const tree = monthlyReportTree(
      [item(2025, 12, 'b'), item(2026, 1, 'b'), item(2026, 1, 'A'), item(2026, 2, 'c')],
      (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }),
    );
    expect(tree.map((year) => [year.year, year.months.map((month) => month.month)])).toEqual([
      [2026, [2, 1]],
      [2025, [12]],
    ]);
    expect(tree[0]?.months[1]?.reports.map((report) => report.organizationName)).toEqual(['A', 'b']);
  });

  it('drops items failing the schema and reads file names back', () => {
    const decoded = decodeMonthlyReports([
      { file_id: 'x.pdf', year: 2026, month: 3, organization_id: 'o', organization_name: 'O' },
      { file_id: 'y.pdf', year: 2013, month: 3, organization_id: 'o', organization_name: 'O' },
      { file_id: 'z.pdf', year: 2026, month: 13, organization_id: 'o', organization_name: 'O' },
    ]);
    expect(decoded.records).toHaveLength(1);
    expect(decoded.dropped).toBe(2);
    expect(parseMonthlyReportFileId(monthlyReportFileId('org-1', 2026, 3))).toEqual({
      organizationId: 'org-1',
      year: 2026,
      month: 3,
    });
    expect(parseMonthlyReportFileId('monthly-org-1-2013-03.pdf')).toBeNull();
  });
});
