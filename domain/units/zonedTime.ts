// Calendar arithmetic in a named time zone (IANA, e.g. "America/Chicago"), so rules such as "at most three months
// ahead" mean the same on every host: the zone is an argument, never the host's.

/** A moment as the zone's wall clock shows it, with the zone's short name then ("CST", "CDT", "GMT+9"). */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  zoneName: string;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `instant` on the wall clock of `timeZone`. */
export function wallClockOf(instant: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year ?? 1970),
    month: Number(parts.month ?? 1),
    day: Number(parts.day ?? 1),
    // Some engines write midnight as hour 24 even with h23.
    hour: Number(parts.hour ?? 0) % 24,
    minute: Number(parts.minute ?? 0),
    second: Number(parts.second ?? 0),
    zoneName: parts.timeZoneName ?? timeZone,
  };
}

/** Milliseconds the zone is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant `months` calendar months after `instant`, counted on the wall clock of `timeZone` (the day clamped to
 * the end of a shorter month, as date-fns does); the time of day stays the same on that wall clock.
 */
export function addMonthsInZone(instant: number, months: number, timeZone: string): number {
  const wall = wallClockOf(instant, timeZone);
  const monthIndex = wall.month - 1 + months;
  const year = wall.year + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const millis = ((instant % 1000) + 1000) % 1000;
  const wallAsUtc =
    Date.UTC(year, month, Math.min(wall.day, lastDay), wall.hour, wall.minute, wall.second) + millis;
  // The zone's offset at the target, found from a first guess and corrected once (enough across one DST change).
  const guess = wallAsUtc - offsetAt(wallAsUtc, timeZone);
  return wallAsUtc - offsetAt(guess, timeZone);
}

/** The instant `wall` (year, 1-based month, day, time) means on the wall clock of `timeZone`. */
function instantOfWall(wall: Omit<WallClock, 'zoneName'>, timeZone: string): number {
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const guess = wallAsUtc - offsetAt(wallAsUtc, timeZone);
  return wallAsUtc - offsetAt(guess, timeZone);
}

/** Midnight starting the day `instant` falls on, on the wall clock of `timeZone`, `days` days later (or earlier). */
export function startOfDayInZone(instant: number, timeZone: string, days = 0): number {
  const wall = wallClockOf(instant, timeZone);
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return instantOfWall(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: 0,
      minute: 0,
      second: 0,
    },
    timeZone,
  );
}

/** Midnight starting the first day of the month `instant` falls in, `months` months later (or earlier). */
export function startOfMonthInZone(instant: number, timeZone: string, months = 0): number {
  const wall = wallClockOf(instant, timeZone);
  const first = new Date(Date.UTC(wall.year, wall.month - 1 + months, 1));
  return instantOfWall(
    { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: 1, hour: 0, minute: 0, second: 0 },
    timeZone,
  );
}

/** The year and 1-based month `instant` falls in on the wall clock of `timeZone`. */
export function monthInZone(instant: number, timeZone: string): { year: number; month: number } {
  const wall = wallClockOf(instant, timeZone);
  return { year: wall.year, month: wall.month };
}

/**
 * A formatter of instants as 'yyyy-MM-dd HH:mm:ss' on the wall clock of `timeZone`, for millions of rows: the zone's
 * offset is looked up once per half hour of time (offsets change only on half-hour boundaries in the zones in use
 * today) instead of once per instant.
 */
export function zonedTimestampFormatter(timeZone: string): (instant: number) => string {
  let hour = Number.NaN;
  let offset = 0;
  const two = (value: number) => (value < 10 ? `0${value}` : String(value));
  return (instant) => {
    const thisHour = Math.floor(instant / 1_800_000);
    if (thisHour !== hour) {
      hour = thisHour;
      offset = timeZone === 'UTC' ? 0 : offsetAt(thisHour * 1_800_000, timeZone);
    }
    const wall = new Date(instant + offset);
    return (
      `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ` +
      `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`
    );
  };
}

/** `instant` as the value of a `datetime-local` field ('yyyy-MM-ddTHH:mm') on the wall clock of `timeZone`. */
export function wallTimeText(instant: number, timeZone: string): string {
  return zonedTimestampFormatter(timeZone)(instant).slice(0, 16).replace(' ', 'T');
}

/** The instant a `datetime-local` value ('yyyy-MM-ddTHH:mm[:ss]') means on the wall clock of `timeZone`, or null. */
export function instantOfWallTimeText(text: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return instantOfWall(
    {
      year: year ?? 1970,
      month: month ?? 1,
      day: day ?? 1,
      hour: hour ?? 0,
      minute: minute ?? 0,
      second: Number.isNaN(second) ? 0 : (second ?? 0),
    },
    timeZone,
  );
}
