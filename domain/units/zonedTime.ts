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
