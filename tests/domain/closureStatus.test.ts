// Closure status and the displayed-times rule (live §4 "Closure status").
import { describe, expect, it } from 'vitest';
import { closureStatus, displayedClosureTimes } from '#domain/closures/closure';
import { countClosures, DEFAULT_CLOSURE_FILTER, matchesClosureFilter } from '#domain/closures/closureList';
import { closureQuickUpdate } from '#domain/closures/closureRules';
import { DEFAULT_STATUS_SETTINGS } from '#domain/status/assetStatus';
import { HOUR, T0, closure, iso } from './support/builders.ts';

const statusAt = (overrides: Parameters<typeof closure>[0], now = T0) =>
  closureStatus(closure(overrides), now, DEFAULT_STATUS_SETTINGS);

describe('closure status', () => {
  it('an out-of-service closure is out-of-service even when active', () => {
    expect(statusAt({ id: 'c', closure_type: 'manual', is_active: true, is_in_service: false })).toBe(
      'outOfService',
    );
  });

  it('an active closure of any type is active', () => {
    for (const type of ['manual', 'automated', 'feed'] as const) {
      expect(statusAt({ id: 'c', closure_type: type, is_active: true })).toBe('active');
    }
  });

  it('an inactive automated closure follows its asset: standby within 8 h, pending within 96 h, else offline', () => {
    const withHeartbeat = (ago: number) =>
      statusAt({ id: 'c', closure_type: 'automated', thing: { id: 't', heartbeat_datetime: iso(T0 - ago) } });
    expect(withHeartbeat(8 * HOUR)).toBe('standby');
    expect(withHeartbeat(8 * HOUR + 1)).toBe('pending');
    expect(withHeartbeat(96 * HOUR)).toBe('pending');
    expect(withHeartbeat(96 * HOUR + 1)).toBe('offline');
    expect(statusAt({ id: 'c', closure_type: 'automated' })).toBe('offline');
  });

  it('manual and feed closures are only active or standby', () => {
    expect(statusAt({ id: 'c', closure_type: 'manual' })).toBe('standby');
    expect(
      statusAt({
        id: 'c',
        closure_type: 'feed',
        thing: { id: 't', heartbeat_datetime: iso(T0 - 200 * HOUR) },
      }),
    ).toBe('standby');
  });

  it('the default list shows all three types with active, standby and pending; offline and OOS hidden', () => {
    const shown = [
      closure({ id: 'a', closure_type: 'manual', is_active: true }),
      closure({ id: 's', closure_type: 'feed' }),
      closure({ id: 'o', closure_type: 'automated' }),
      closure({ id: 'x', closure_type: 'manual', is_in_service: false }),
    ].filter((entry) => matchesClosureFilter(entry, DEFAULT_CLOSURE_FILTER));
    expect(shown.map((entry) => entry.id)).toEqual(['a', 's']);
  });

  it('counts online, offline and out-of-service closures', () => {
    const counts = countClosures([
      closure({ id: 'a', is_active: true }),
      closure({ id: 'o', closure_type: 'automated' }),
      closure({ id: 'x', is_in_service: false }),
    ]);
    expect(counts).toEqual({ online: 1, offline: 1, outOfService: 1, total: 3 });
  });
});

describe('displayed times', () => {
  const manual = (overrides: Parameters<typeof closure>[0]) =>
    closure({ closure_type: 'manual', last_start_time: iso(T0 - 48 * HOUR), ...overrides });

  it('an active manual closure shows its own start and end', () => {
    const entry = manual({ id: 'c', is_active: true, start_time: iso(T0 - HOUR), end_time: iso(T0 + HOUR) });
    expect(displayedClosureTimes(entry, T0)).toEqual({ start: T0 - HOUR, end: T0 + HOUR });
  });

  it('a scheduled manual closure (start or end still ahead) shows its own start and end', () => {
    const entry = manual({ id: 'c', start_time: iso(T0 + HOUR), end_time: iso(T0 + 2 * HOUR) });
    expect(displayedClosureTimes(entry, T0)).toEqual({ start: T0 + HOUR, end: T0 + 2 * HOUR });
  });

  it('a manual closure that is over shows the last start time instead', () => {
    const entry = manual({ id: 'c', start_time: iso(T0 - 3 * HOUR), end_time: iso(T0 - HOUR) });
    expect(displayedClosureTimes(entry, T0)).toEqual({ start: T0 - 48 * HOUR, end: null });
  });

  it('an automated closure always shows when it last started', () => {
    const entry = closure({
      id: 'c',
      closure_type: 'automated',
      is_active: true,
      start_time: iso(T0 - HOUR),
      end_time: iso(T0 + HOUR),
      last_start_time: iso(T0 - 10 * 60_000),
    });
    expect(displayedClosureTimes(entry, T0)).toEqual({ start: T0 - 10 * 60_000, end: null });
  });
});

describe('the manual Activate/Deactivate switch', () => {
  it('Activate sends the active flag with an end time one month ahead', () => {
    expect(closureQuickUpdate('c1', true, Date.parse('2026-03-02T12:00:00Z'), 'UTC')).toEqual({
      uuid: 'c1',
      is_active: true,
      end_time: '2026-04-02T12:00:00.000Z',
    });
  });

  it('counts the month on the calendar of the zone it is given, whatever the host zone', () => {
    // 31 Jan 03:00 UTC is 30 Jan 21:00 in Chicago: a month later is 28 Feb 21:00 there (1 Mar in UTC), while on the
    // UTC calendar it is 28 Feb 03:00.
    expect(
      closureQuickUpdate('c1', true, Date.parse('2026-01-31T03:00:00Z'), 'America/Chicago').end_time,
    ).toBe('2026-03-01T03:00:00.000Z');
    expect(closureQuickUpdate('c1', true, Date.parse('2026-01-31T03:00:00Z'), 'UTC').end_time).toBe(
      '2026-02-28T03:00:00.000Z',
    );
    // Across the spring change the wall-clock time stays: 12:00 CST on 15 Feb, 12:00 CDT on 15 Mar.
    expect(
      closureQuickUpdate('c1', true, Date.parse('2026-02-15T18:00:00Z'), 'America/Chicago').end_time,
    ).toBe('2026-03-15T17:00:00.000Z');
  });

  it('Deactivate sends the flag off and no end time', () => {
    expect(closureQuickUpdate('c1', false, T0, 'UTC')).toEqual({
      uuid: 'c1',
      is_active: false,
      end_time: null,
    });
  });
});
