// How the trip-family screens (Trips, Hazards, R2R) write and read times (issue 37 item 6): shown times through the
// one formatter of displayTime.ts — the organization's zone, its short name after each time — and the values of
// their datetime-local fields on that same zone's wall clock, so what a user types and what the lists show agree
// whatever the browser's zone is.
import { instantOfWallTimeText, zonedTimestampFormatter } from '#domain/units/zonedTime';
import { displayZone, listTime } from './displayTime.ts';

/** A trip, hazard or point time: "26-Nov-26, 5:19:54 AM CST". */
export function formatTripTime(ms: number): string {
  return listTime(ms);
}

/** `yyyy-MM-ddTHH:mm:ss` on the organization's wall clock, as `<input type="datetime-local" step="1">` holds it. */
export function toLocalInputValue(ms: number): string {
  return zonedTimestampFormatter(displayZone.value)(ms).replace(' ', 'T');
}

/** The instant a datetime-local field holds on the organization's wall clock, or null when empty or unreadable. */
export function fromLocalInputValue(value: string): number | null {
  if (value.trim() === '') return null;
  return instantOfWallTimeText(value.trim(), displayZone.value);
}
