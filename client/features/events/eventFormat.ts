// How the event screens write times and durations: dates in the lists' format (live §9 'dd-LLL-yy, pp') in the
// browser's time zone; durations by the domain's rule; an unknown value as a dash.
import { format } from 'date-fns';
import { formatDuration } from '#domain/locations/eventList';

export const NO_VALUE = '—';

export function formatEventTime(ms: number | null): string {
  return ms === null ? NO_VALUE : format(ms, 'dd-LLL-yy, pp');
}

export function formatEventDuration(ms: number | null): string {
  return ms === null ? NO_VALUE : formatDuration(ms);
}
