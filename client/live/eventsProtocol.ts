// The events screen's part of the page–worker protocol (liveProtocol.ts): its request (`eventsView`) and the
// `events` message the worker sends when something it shows changed (docs/events.md).
import type { LocationTimeFilter } from '#domain/locations/location';
import type { LoadState } from '../ui/loadState.ts';
import type { LngLat } from './mapProtocol.ts';
import type { ListWindow } from './pictureProtocol.ts';

/** The events screen's request: its time filter, search, the list's window and the event opened (docs/events.md). */
export type EventsViewRequest = {
  filter: LocationTimeFilter;
  search: string;
  window: ListWindow;
  selectedId: string | null;
};

/** An asset on an event (now or earlier), times as epoch milliseconds. */
export type EventThingView = {
  id: string;
  name: string;
  systemId: string;
  arrived: number | null;
  /** Null while the asset is still on scene. */
  end: number | null;
  /** Seconds on scene as the provider counted them, for an asset whose arrival is unknown. */
  runtime: number | null;
  timeToSceneMs: number | null;
};

/** One row of the events list, ready to show (live §2): durations are worked out on the page, live. */
export type EventRowView = {
  id: string;
  name: string;
  street: string;
  externalId: string;
  isActive: boolean;
  /** "Active Event" / "On-Scene" while active, else "Ended". */
  statusLabel: string;
  startTime: number | null;
  endTime: number | null;
  thingsActive: EventThingView[];
  thingsInactive: EventThingView[];
};

/** The opened event: its row and what only the detail shows. */
export type EventDetailView = EventRowView & {
  lat: number;
  lng: number;
  roadwayHeading: number | null;
  isGeoMarker: boolean;
  alertMessage: string;
  markerPosition: LngLat;
};

/** The events' load, as the snapshot's (pictureProtocol.ts): the records stay in the worker. */
export type EventsLoadState = LoadState<null>;

/** The events screen's part, sent when it changed (and at once when the screen's request changed). */
export type EventsFrame = {
  /** The picture started over: the page forgets the rows it holds. */
  reset: boolean;
  load: EventsLoadState;
  /** "Active n | Recent n" under the time filter; "Showing (shown/total)" with the search. */
  counts: { active: number; recent: number; shown: number; total: number };
  /** The filtered, searched ids in list order, only when they changed. */
  shownIds: string[] | null;
  /** Rows in the window (with a margin) the page does not hold as they are now. */
  rows: EventRowView[];
  selected: EventDetailView | null;
  /** The opened id the loaded picture does not hold (the screen returns to its list). */
  missingSelectedId: string | null;
};
