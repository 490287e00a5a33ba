// How the event screens write times and durations: the dashboard's one rule (client/ui/displayTime.ts) — the lists'
// format 'dd-LLL-yy, pp' in the organization's zone, named after the time — and an unknown value as a dash.
import { durationOrNone, listTime, NO_TIME } from '../../ui/displayTime.ts';

export const NO_VALUE = NO_TIME;

export function formatEventTime(ms: number | null): string {
  return listTime(ms);
}

export function formatEventDuration(ms: number | null): string {
  return durationOrNone(ms);
}
