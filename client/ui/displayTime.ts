// The dashboard's times on the page (issue 25, docs/decisions.md): every screen writes instants and durations
// through this module, with the domain's one rule (domain/units/displayTime.ts) in one zone — the viewed
// organization's, else the browser's — whose short name follows each time, so the user sees which zone it is. The
// kit knows no session: the session tells it where the viewed organization's zone is read
// (`readOrganizationZoneFrom`, called by client/session/session.ts).
import { computed, signal } from '@preact/signals-react';
import {
  formatClockTime,
  formatElapsed,
  formatElapsedOrNone,
  formatListTime,
  formatLongTime,
  NO_TIME,
} from '#domain/units/displayTime';

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Reads the viewed organization's zone (a signal read, so a switch re-renders); none until the session says. */
const organizationZone = signal<() => string | null | undefined>(() => null);

/** Where the viewed organization's zone comes from: set once by the session, which sits above the kit. */
export function readOrganizationZoneFrom(read: () => string | null | undefined): void {
  organizationZone.value = read;
}

/** The zone every shown time is in: the organization's when it has one. Read in render, it re-renders on a switch. */
export const displayZone = computed(() => organizationZone.value() || BROWSER_ZONE);

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
