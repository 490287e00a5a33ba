// Calendar arithmetic in a named time zone (IANA, e.g. "America/Chicago"), so rules such as "at most three months
// ahead" mean the same on every host: the zone is an argument, never the host's.

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

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
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockOf(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
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
function instantOfWall(wall: WallClock, timeZone: string): number {
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

const listFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `instant` as date-fns's 'dd-LLL-yy, pp' in en-US ("05-Nov-26, 3:04:05 PM", access §2 "Exports list") on the wall
 * clock of `timeZone`, not the browser's: lists and forms of one organization then read the same clock.
 */
export function listTimeText(instant: number, timeZone: string): string {
  let formatter = listFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      day: '2-digit',
      month: 'short',
      year: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    });
    listFormatters.set(timeZone, formatter);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of formatter.formatToParts(instant)) part[type] = value;
  return `${part.day}-${part.month}-${part.year}, ${part.hour}:${part.minute}:${part.second} ${part.dayPeriod}`;
}
