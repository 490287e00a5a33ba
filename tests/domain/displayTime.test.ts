// The dashboard's one time rule (domain/units/displayTime.ts): the lists' and Last Online's formats on the wall clock
// of a named zone, with its short name, and one duration format.
import { describe, expect, it } from 'vitest';
import { formatElapsed, formatListTime, formatLongTime, zoneName } from '#domain/units/displayTime';

const instant = Date.parse('2026-11-26T11:19:54Z');

describe('display times', () => {
  it('writes lists as dd-LLL-yy, pp and Last Online as MMMM d, y p, in the zone given', () => {
    expect(formatListTime(instant, 'America/Chicago')).toBe('26-Nov-26, 5:19:54 AM CST');
    expect(formatListTime(instant, 'UTC')).toBe('26-Nov-26, 11:19:54 AM UTC');
    expect(formatLongTime(instant, 'America/Chicago')).toBe('November 26, 2026 5:19 AM CST');
    expect(formatLongTime(Date.parse('2026-07-04T17:05:00Z'), 'America/Chicago')).toBe(
      'July 4, 2026 12:05 PM CDT',
    );
    expect(formatListTime(Date.parse('2026-01-01T05:59:00Z'), 'America/Chicago')).toBe(
      '31-Dec-25, 11:59:00 PM CST',
    );
    expect(formatListTime(null, 'UTC')).toBe('—');
    expect(zoneName(instant, 'Europe/London')).toBe('GMT');
  });

  it('reads an unknown zone as UTC', () => {
    expect(formatListTime(instant, 'Nowhere/Special')).toBe('26-Nov-26, 11:19:54 AM UTC');
  });

  it('writes every duration one way', () => {
    expect(formatElapsed(3_604_000)).toBe('1h 00m 04s');
    expect(formatElapsed(59 * 60_000 + 46_000)).toBe('59m 46s');
    expect(formatElapsed(9_999)).toBe('9s');
    expect(formatElapsed(-5)).toBe('0s');
  });
});

describe('names for people (issue 25)', () => {
  it('reads WZDx enumerations and type names as words', async () => {
    const { wzdxWords } = await import('#domain/closures/closureForm');
    const { typeDisplayName } = await import('#domain/things/thingTypes');
    expect(wzdxWords('channel-device-method')).toBe('Channel device method');
    expect(wzdxWords('some-lanes-closed-merge-left')).toBe('Some lanes closed merge left');
    expect(wzdxWords('')).toBe('');
    expect(typeDisplayName('als', [{ name: 'als', displayName: 'Advanced Life Support' }])).toBe(
      'Advanced Life Support',
    );
    expect(typeDisplayName('arrow_board', [])).toBe('Arrow board');
    expect(typeDisplayName('', [])).toBe('');
  });
});
