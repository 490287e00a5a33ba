// One rule for the times and durations the dashboard shows (issue 25): lists and details write an instant as
// 'dd-LLL-yy, pp' (live §9, "26-Nov-26, 5:19:54 AM"), Last Online as "MMMM d, y p" (live §2, "November 26, 2026
// 5:19 AM"), both on the wall clock of one named zone — the viewed organization's, its short name written after
// the time so the user sees which ("… AM CST") — and every duration as "1h 05m 09s" / "5m 09s" / "9s". The zone is
// an argument (docs/decisions.md); English month names, as the rest of the dashboard's texts.

import { wallClockOf, type WallClock } from './zonedTime.ts';

/** English month names, January first (the dashboard's texts are English). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const NO_TIME = '—';

/** A zone the host does not know reads as UTC rather than throwing inside a screen. */
function wallOf(instant: number, timeZone: string): WallClock {
  try {
    return wallClockOf(instant, timeZone);
  } catch {
    return wallClockOf(instant, 'UTC');
  }
}

const two = (value: number) => String(value).padStart(2, '0');

function clock(wall: WallClock, withSeconds: boolean): string {
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  const seconds = withSeconds ? `:${two(wall.second)}` : '';
  return `${hour12}:${two(wall.minute)}${seconds} ${wall.hour < 12 ? 'AM' : 'PM'}`;
}

/** The zone's short name at `instant` ("CST", "CDT", "UTC", or "GMT+1" where the zone has no abbreviation). */
export function zoneName(instant: number, timeZone: string): string {
  return wallOf(instant, timeZone).zoneName;
}

/** 'dd-LLL-yy, pp' and the zone: "26-Nov-26, 5:19:54 AM CST"; a dash for no time. */
export function formatListTime(instant: number | null, timeZone: string): string {
  if (instant === null || !Number.isFinite(instant)) return NO_TIME;
  const wall = wallOf(instant, timeZone);
  const month = MONTH_NAMES[wall.month - 1]?.slice(0, 3) ?? '';
  return `${two(wall.day)}-${month}-${two(wall.year % 100)}, ${clock(wall, true)} ${wall.zoneName}`;
}

/** "MMMM d, y p" and the zone: "November 26, 2026 5:19 AM CST"; a dash for no time. */
export function formatLongTime(instant: number | null, timeZone: string): string {
  if (instant === null || !Number.isFinite(instant)) return NO_TIME;
  const wall = wallOf(instant, timeZone);
  return `${MONTH_NAMES[wall.month - 1] ?? ''} ${wall.day}, ${wall.year} ${clock(wall, false)} ${wall.zoneName}`;
}

/** "h:mm a" and the zone, for a time later today ("Alerting turns back on at 6:19 AM CST"). */
export function formatClockTime(instant: number, timeZone: string): string {
  const wall = wallOf(instant, timeZone);
  return `${clock(wall, false)} ${wall.zoneName}`;
}

/** Every duration the dashboard shows: "1h 05m 09s", "5m 09s", "9s"; hours grow without a day part; never negative. */
export function formatElapsed(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h ${two(minutes)}m ${two(seconds)}s`;
  if (minutes > 0) return `${minutes}m ${two(seconds)}s`;
  return `${seconds}s`;
}

/** A duration or a dash. */
export function formatElapsedOrNone(ms: number | null): string {
  return ms === null ? NO_TIME : formatElapsed(ms);
}
