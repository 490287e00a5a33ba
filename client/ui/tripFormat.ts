// How the trips screen writes times: in the browser's time zone, day and time to the second; and the value a
// datetime-local field takes.
import { format } from 'date-fns';

export function formatTripTime(ms: number): string {
  return format(ms, 'dd-LLL-yy, HH:mm:ss');
}

/** `yyyy-MM-ddTHH:mm:ss` in local time, as `<input type="datetime-local" step="1">` reads and writes it. */
export function toLocalInputValue(ms: number): string {
  return format(ms, "yyyy-MM-dd'T'HH:mm:ss");
}

/** The time a datetime-local field holds, or null when it is empty or unreadable. */
export function fromLocalInputValue(value: string): number | null {
  if (value.trim() === '') return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}
