// The events screen's own state: the time filter (24 hrs by default), the search text as typed and as sent (after
// the 350 ms debounce), and the list's window. `startEventsBridge` tells the live worker what the screen shows
// while it is mounted (client/live/eventsView.ts does the filtering, searching and counting) and closes it after.
import { effect, signal } from '@preact/signals-react';
import { EVENT_SEARCH_DEBOUNCE_MS } from '#domain/locations/eventList';
import { DEFAULT_LOCATION_TIME_FILTER, type LocationTimeFilter } from '#domain/locations/location';
import { requestEventsView } from '../../live/liveBridge.ts';
import type { ListWindow } from '../../live/pictureProtocol.ts';

export const EVENTS_PATH = '/dashboard/events';

export function eventPath(eventId: string): string {
  return `${EVENTS_PATH}/${encodeURIComponent(eventId)}`;
}

export const eventFilter = signal<LocationTimeFilter>(DEFAULT_LOCATION_TIME_FILTER);
/** What the search box holds. */
export const eventSearchText = signal('');
/** What the worker searches: the box's text once typing paused for 350 ms. */
const eventSearchQuery = signal('');
const eventWindow = signal<ListWindow>({ start: 0, end: 30 });
const openedEventId = signal<string | null>(null);

let searchTimer: ReturnType<typeof setTimeout> | undefined;

export function typeEventSearch(text: string): void {
  eventSearchText.value = text;
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    eventSearchQuery.value = text;
  }, EVENT_SEARCH_DEBOUNCE_MS);
}

export function showEventsWindow(window: ListWindow): void {
  const current = eventWindow.peek();
  if (current.start !== window.start || current.end !== window.end) eventWindow.value = window;
}

/**
 * The location this dashboard has just created: its details open before the cable's `location` message brings it
 * into the picture, so its absence there means "not arrived yet", not "gone" (the section keeps waiting for it).
 */
export const justCreatedEventId = signal<string | null>(null);

export function openEvent(eventId: string | null): void {
  openedEventId.value = eventId;
}

/** While the events screen is mounted, the worker keeps its part live; returns the teardown. */
export function startEventsBridge(): () => void {
  const dispose = effect(() => {
    requestEventsView({
      filter: eventFilter.value,
      search: eventSearchQuery.value,
      window: eventWindow.value,
      selectedId: openedEventId.value,
    });
  });
  return () => {
    dispose();
    // Typing that had not paused yet still counts when the screen comes back.
    clearTimeout(searchTimer);
    eventSearchQuery.value = eventSearchText.peek();
    requestEventsView(null);
  };
}
