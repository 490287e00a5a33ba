// The calendar rules of monthly reports (sim-server/reports/monthlyReports.ts), without a database: which months an
// organization has reports for, how far a month lies from the current one in the organization's zone, and when a
// made PDF still holds or is worth making again in the background.
import { describe, expect, it } from 'vitest';
import {
  isFreshReport,
  isWorthWarming,
  monthOffsetOf,
  REPORT_REFRESH_MS,
  reportMonths,
} from '#sim/reports/monthlyReports';

const at = (iso: string) => Date.parse(iso);
const MARCH_15 = at('2026-03-15T12:00:00Z');

describe('monthly report calendar', () => {
  it('counts months back from the current one on the organization calendar', () => {
    expect(monthOffsetOf({ year: 2026, month: 3 }, MARCH_15, 'UTC')).toBe(0);
    expect(monthOffsetOf({ year: 2026, month: 1 }, MARCH_15, 'UTC')).toBe(-2);
    expect(monthOffsetOf({ year: 2025, month: 12 }, MARCH_15, 'UTC')).toBe(-3);
    // 03:00 UTC on 1 March is still 28 February in Chicago.
    const chicagoFebruary = at('2026-03-01T03:00:00Z');
    expect(monthOffsetOf({ year: 2026, month: 2 }, chicagoFebruary, 'America/Chicago')).toBe(0);
    expect(monthOffsetOf({ year: 2026, month: 2 }, chicagoFebruary, 'UTC')).toBe(-1);
  });

  it('lists the months from the current one back to the one the log begins in, newest first', () => {
    expect(reportMonths(at('2026-01-20T00:00:00Z'), MARCH_15, 'UTC')).toEqual([
      { year: 2026, month: 3 },
      { year: 2026, month: 2 },
      { year: 2026, month: 1 },
    ]);
    expect(reportMonths(at('2026-03-02T00:00:00Z'), MARCH_15, 'UTC')).toEqual([{ year: 2026, month: 3 }]);
    expect(reportMonths(undefined, MARCH_15, 'UTC')).toEqual([]);
  });

  it('holds a running month for the refresh time and a closed month once made after it ended', () => {
    const march = { year: 2026, month: 3 };
    const february = { year: 2026, month: 2 };
    expect(isFreshReport(null, march, MARCH_15, 'UTC')).toBe(false);
    expect(isFreshReport(MARCH_15 - 60_000, march, MARCH_15, 'UTC')).toBe(true);
    expect(isFreshReport(MARCH_15 - REPORT_REFRESH_MS, march, MARCH_15, 'UTC')).toBe(false);
    expect(isFreshReport(at('2026-02-20T00:00:00Z'), february, MARCH_15, 'UTC')).toBe(false);
    expect(isFreshReport(at('2026-03-01T00:00:00Z'), february, MARCH_15, 'UTC')).toBe(true);
  });

  it('warms a missing report or a closed month made before it ended, never a running month made before', () => {
    const march = { year: 2026, month: 3 };
    const february = { year: 2026, month: 2 };
    expect(isWorthWarming(null, march, MARCH_15, 'UTC')).toBe(true);
    expect(isWorthWarming(at('2026-03-01T00:00:00Z'), march, MARCH_15, 'UTC')).toBe(false);
    expect(isWorthWarming(at('2026-02-20T00:00:00Z'), february, MARCH_15, 'UTC')).toBe(true);
    expect(isWorthWarming(at('2026-03-02T00:00:00Z'), february, MARCH_15, 'UTC')).toBe(false);
  });
});
