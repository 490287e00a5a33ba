// Signals holding what the live worker sent for the events screen (eventsView.ts): the load state, the counts,
// the list's ids and the rows the page holds, and the opened event's detail. Only the live bridge writes them;
// the events screens read them.
import { batch, signal } from '@preact/signals-react';
import { LOADING } from '../ui/loadState.ts';
import type { EventDetailView, EventRowView, EventsFrame, EventsLoadState } from './eventsProtocol.ts';

const NO_COUNTS: EventsFrame['counts'] = { active: 0, recent: 0, shown: 0, total: 0 };

export const eventsLoad = signal<EventsLoadState>(LOADING);
export const eventCounts = signal<EventsFrame['counts']>(NO_COUNTS);
/** The filtered, searched ids in list order (active first, newest first; then ended, latest first). */
export const shownEventIds = signal<readonly string[]>([]);
/** Rows the page holds, by id; `eventRowsVersion` grows when any arrives. */
export const eventRowsById = new Map<string, EventRowView>();
export const eventRowsVersion = signal(0);
export const selectedEvent = signal<EventDetailView | null>(null);
/** The opened event is not among the loaded ones (the screen returns to its list). */
export const missingEventId = signal<string | null>(null);

export function acceptEvents(events: EventsFrame): void {
  batch(() => {
    if (events.reset) eventRowsById.clear();
    eventsLoad.value = events.load;
    eventCounts.value = events.counts;
    if (events.shownIds !== null) shownEventIds.value = events.shownIds;
    for (const row of events.rows) eventRowsById.set(row.id, row);
    if (events.reset || events.rows.length > 0) eventRowsVersion.value += 1;
    selectedEvent.value = events.selected;
    missingEventId.value = events.missingSelectedId;
  });
}

/** Nothing is known until the worker answers the next request (the screen closed, or the session ended). */
export function resetEventsState(): void {
  batch(() => {
    eventsLoad.value = LOADING;
    eventCounts.value = NO_COUNTS;
    shownEventIds.value = [];
    eventRowsById.clear();
    eventRowsVersion.value += 1;
    selectedEvent.value = null;
    missingEventId.value = null;
  });
}
