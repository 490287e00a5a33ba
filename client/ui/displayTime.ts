// The dashboard's times on the page (issue 25, docs/decisions.md): every screen writes instants and durations
// through this module, with the domain's one rule (domain/units/displayTime.ts) in one zone — the viewed
// organization's, else the browser's — whose short name follows each time, so the user sees which zone it is.
import { computed } from '@preact/signals-react';
import {
  formatClockTime,
  formatElapsed,
  formatElapsedOrNone,
  formatListTime,
  formatLongTime,
  NO_TIME,
} from '#domain/units/displayTime';
import { subscribedOrganization } from '../session/session.ts';

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The zone every shown time is in: the organization's when it has one. Read in render, it re-renders on a switch. */
export const displayZone = computed(() => subscribedOrganization.value?.timezone || BROWSER_ZONE);

/** Lists, popups and details ('dd-LLL-yy, pp' and the zone). */
export function listTime(instant: number | null): string {
  return formatListTime(instant, displayZone.value);
}

/** Last Online ("MMMM d, y p" and the zone). */
export function longTime(instant: number | null): string {
  return formatLongTime(instant, displayZone.value);
}

/** A time of day ("6:19 AM CST"). */
export function clockTime(instant: number): string {
  return formatClockTime(instant, displayZone.value);
}

export { formatElapsed as duration, formatElapsedOrNone as durationOrNone, NO_TIME };
