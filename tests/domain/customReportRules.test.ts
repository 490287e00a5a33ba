// The custom report rules of access §5 and §9 as pure functions: the range limits (1 month, 4 for mileage) on the
// zone's calendar, the choices each kind needs in the product's words, the defaults, the file name, and the
// dashboard's item decoded from the simulator's record.
import { describe, expect, it } from 'vitest';
import {
  customReportChoicesProblem,
  customReportFileId,
  customReportIdOf,
  customReportRangeProblem,
  decodeCustomReports,
  defaultCustomReportRange,
  defaultCustomReportTitle,
  type CustomReportRecord,
} from '#domain/reports/customReport';

const CHICAGO = 'America/Chicago';
const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-06-10T12:00:00Z');

describe('customReportRangeProblem', () => {
  it('allows a month for activity and four for mileage, on the calendar of the zone', () => {
    const start = at('2026-02-01T06:00:00Z'); // midnight 1 Feb in Chicago
    const oneMonth = at('2026-03-01T06:00:00Z');
    expect(customReportRangeProblem('activity', { start, end: oneMonth }, NOW, CHICAGO)).toBeNull();
    expect(customReportRangeProblem('activity', { start, end: oneMonth + 1000 }, NOW, CHICAGO)).toBe(
      'Exceeds max time range',
    );
    const fourMonths = at('2026-06-01T05:00:00Z'); // midnight 1 June in Chicago (daylight time)
    expect(customReportRangeProblem('mileage', { start, end: fourMonths }, NOW, CHICAGO)).toBeNull();
    expect(customReportRangeProblem('mileage', { start, end: fourMonths + 1000 }, NOW, CHICAGO)).toBe(
      'Exceeds max time range',
    );
  });

  it('needs both dates, an end after the start and an end in the past', () => {
    expect(customReportRangeProblem('activity', { start: null, end: NOW - 1 }, NOW, 'UTC')).toBe(
      'Must include valid dates',
    );
    expect(customReportRangeProblem('activity', { start: NOW - 1, end: NOW - 1 }, NOW, 'UTC')).toBe(
      'End time must be after Start time',
    );
    expect(customReportRangeProblem('activity', { start: NOW - 1000, end: NOW + 1000 }, NOW, 'UTC')).toBe(
      'Must be past date',
    );
  });
});

describe('customReportChoicesProblem', () => {
  it('needs an asset or manual/feed closures for activity, and an asset for mileage', () => {
    const none = { thingIds: [], closuresToInclude: [] };
    expect(customReportChoicesProblem('activity', none)).toBe(
      'Must include at least 1 Closure type or Asset',
    );
    expect(customReportChoicesProblem('activity', { ...none, closuresToInclude: ['feed'] })).toBeNull();
    expect(customReportChoicesProblem('activity', { ...none, thingIds: ['a'] })).toBeNull();
    expect(customReportChoicesProblem('mileage', { ...none, closuresToInclude: ['manual'] })).toBe(
      'Must select at least 1 Asset',
    );
    expect(customReportChoicesProblem('mileage', { ...none, thingIds: ['a'] })).toBeNull();
  });
});

describe('defaults and names', () => {
  it('titles by kind and ranges over the previous full month of the zone', () => {
    expect(defaultCustomReportTitle('mileage', '2026-06-10')).toBe('Mileage Report 2026-06-10');
    expect(defaultCustomReportRange(NOW, CHICAGO)).toEqual({
      start: at('2026-05-01T05:00:00Z'),
      end: at('2026-06-01T05:00:00Z') - 1000,
    });
  });

  it('names the PDF by the report id and reads it back', () => {
    expect(customReportFileId('abc-1')).toBe('custom-abc-1.pdf');
    expect(customReportIdOf('custom-abc-1.pdf')).toBe('abc-1');
    expect(customReportIdOf('monthly-x-2026-03.pdf')).toBeNull();
  });
});

describe('decodeCustomReports', () => {
  it('maps records and drops those failing the schema', () => {
    const record: CustomReportRecord = {
      id: 'r1',
      organization_id: 'o1',
      requested_by: 'u1',
      requested_by_name: 'Ann Lee',
      report_type: 'mileage',
      title: 'Mileage Report',
      report_start_time: '2026-05-01T05:00:00.000Z',
      report_end_time: '2026-05-31T05:00:00.000Z',
      use_utc: false,
      time_zone: CHICAGO,
      thing_uuids: ['a', 'b'],
      closures_to_include: [],
      by_region: true,
      unit_of_measurement: 'kilometers',
      requested_at: '2026-06-10T12:00:00.000Z',
      file_id: 'custom-r1.pdf',
    };
    const decoded = decodeCustomReports([record, { ...record, report_type: 'weekly' }]);
    expect(decoded.dropped).toBe(1);
    expect(decoded.records).toEqual([
      expect.objectContaining({
        id: 'r1',
        type: 'mileage',
        assetCount: 2,
        byRegion: true,
        fileId: 'custom-r1.pdf',
      }),
    ]);
  });
});
