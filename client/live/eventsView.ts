// Runs in the live worker: the events screen's list and detail (docs/events.md). Like the asset list
// (listView.ts), the worker filters by time, searches and counts, and sends the page the ids only when they change
// and, of the rows, only those in the page's window that it does not already hold as they are now; the opened
// event's detail goes whole whenever it changed. Durations are not sent: rows carry times and the page counts.
import type { LivePicture } from '#domain/live/livePicture';
import { filteredLocations, pictureLabels } from '#domain/live/pictureViews';
import {
  locationsLoadErrorMessage,
  matchesEventSearch,
  normaliseEventSearch,
  timeToSceneMs,
} from '#domain/locations/eventList';
import { DEFAULT_LOCATION_TIME_FILTER, type Location, type LocationThing } from '#domain/locations/location';
import { ASSET_STATUS, statusLabel } from '#domain/status/assetStatus';
import { LOADING, loaded, loadFailed } from '../ui/loadState.ts';
import type {
  EventDetailView,
  EventRowView,
  EventsFrame,
  EventsLoadState,
  EventsViewRequest,
  EventThingView,
} from './eventsProtocol.ts';

const WINDOW_MARGIN = 30;

export const FIRST_EVENTS_VIEW: EventsViewRequest = {
  filter: DEFAULT_LOCATION_TIME_FILTER,
  search: '',
  window: { start: 0, end: 30 },
  selectedId: null,
};

function thingViewOf(location: Location, thing: LocationThing): EventThingView {
  return {
    id: thing.id,
    name: thing.displayName,
    systemId: thing.systemId,
    arrived: thing.startTime,
    end: thing.endTime,
    runtime: thing.runtime,
    timeToSceneMs: timeToSceneMs(location, thing),
  };
}

export function eventRowOf(location: Location, isResponder: boolean): EventRowView {
  return {
    id: location.id,
    name: location.displayName,
    street: location.street,
    externalId: location.externalId,
    isActive: location.isActive,
    statusLabel: location.isActive
      ? statusLabel(ASSET_STATUS.location, { isResponderOrganization: isResponder })
      : 'Ended',
    startTime: location.startTime,
    endTime: location.endTime,
    thingsActive: location.thingsActive.map((thing) => thingViewOf(location, thing)),
    thingsInactive: location.thingsInactive.map((thing) => thingViewOf(location, thing)),
  };
}

function detailOf(location: Location, isResponder: boolean): EventDetailView {
  return {
    ...eventRowOf(location, isResponder),
    lat: location.lat,
    lng: location.lng,
    roadwayHeading: location.roadwayHeading,
    isGeoMarker: location.isGeoMarker,
    alertMessage: location.alertMessage,
    markerPosition: [location.markerPosition.lng, location.markerPosition.lat],
  };
}

function loadOf(picture: LivePicture): EventsLoadState {
  const failure = picture.loadErrors.locations;
  if (failure !== undefined && !picture.loaded.locations) {
    return loadFailed(locationsLoadErrorMessage(failure));
  }
  return picture.loaded.locations ? loaded(null) : LOADING;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

export class EventsView {
  private request: EventsViewRequest | null = null;
  private query = '';
  private shown: readonly string[] = [];
  private shownStale = true;
  private resetPending = false;
  private sentRows = new Map<string, string>();
  /** Rows and the detail are small plain values: their JSON says whether the page's copy is current. */
  private sentSelected: string | null = null;
  private sentHead = '';
  /** The search's matches for one set of locations: they change only with the locations or the search. */
  private matched: {
    locations: ReadonlyMap<string, Location>;
    query: string;
    ids: ReadonlySet<string>;
  } | null = null;
  /** What the rows and the detail last sent were built from; the same basis needs neither built again. */
  private basis: {
    locations: ReadonlyMap<string, Location>;
    request: EventsViewRequest;
    isResponder: boolean;
  } | null = null;

  /** The screen's request; null when no events screen is open (nothing is computed or sent then). */
  setRequest(request: EventsViewRequest | null): void {
    if (request !== null && (this.request === null || request.search !== this.request.search)) {
      this.query = normaliseEventSearch(request.search);
    }
    if (request === null || this.request === null || request.filter !== this.request.filter) {
      this.shownStale = true;
    }
    if (request === null) this.forgetSent();
    this.request = request;
  }

  /** The picture started over: the page drops what it holds with the next frame. */
  forget(): void {
    this.forgetSent();
    this.resetPending = true;
  }

  private forgetSent(): void {
    this.sentRows.clear();
    this.sentSelected = null;
    this.sentHead = '';
    this.shown = [];
    this.shownStale = true;
    this.basis = null;
  }

  private matchesOf(picture: LivePicture): ReadonlySet<string> {
    const known = this.matched;
    if (known?.locations === picture.locations && known.query === this.query) return known.ids;
    const ids = new Set<string>();
    for (const location of picture.locations.values())
      if (matchesEventSearch(location, this.query)) ids.add(location.id);
    this.matched = { locations: picture.locations, query: this.query, ids };
    return ids;
  }

  /**
   * The events part for this moment, or null when the page already holds all of it (or no screen asks).
   * `startOfToday` is local midnight where the browser is.
   */
  frame(picture: LivePicture, now: number, startOfToday: number): EventsFrame | null {
    const request = this.request;
    if (request === null) return null;
    const { isResponder } = pictureLabels(picture);
    const filtered = filteredLocations(picture, request.filter, now, startOfToday);
    const matches = this.query ? this.matchesOf(picture) : null;
    const shown = matches ? filtered.shown.filter((location) => matches.has(location.id)) : filtered.shown;
    const ids = shown.map((location) => location.id);
    const idsChanged = this.shownStale || !sameIds(ids, this.shown);
    if (idsChanged) this.shown = ids;
    this.shownStale = false;

    const load = loadOf(picture);
    const counts = {
      active: filtered.activeCount,
      recent: filtered.recentCount,
      shown: ids.length,
      total: filtered.shown.length,
    };
    const opened = request.selectedId === null ? undefined : picture.locations.get(request.selectedId);
    const missingSelectedId =
      load.phase === 'loaded' && request.selectedId !== null && !opened ? request.selectedId : null;
    const head = JSON.stringify([load, counts, missingSelectedId]);
    const reset = this.resetPending;
    const basis = this.basis;
    // Nothing the rows or the detail are built from changed: only the counters may have (the clock moved an
    // ended event out of the filter, which also changes the ids).
    const sameBasis =
      !reset &&
      !idsChanged &&
      basis?.locations === picture.locations &&
      basis.request === request &&
      basis.isResponder === isResponder;
    if (sameBasis && head === this.sentHead) return null;
    const selected = opened ? detailOf(opened, isResponder) : null;
    const selectedText = JSON.stringify(selected);
    const rows = sameBasis ? [] : this.rowsInWindow(picture, request, isResponder);
    this.basis = { locations: picture.locations, request, isResponder };
    if (
      !reset &&
      !idsChanged &&
      rows.length === 0 &&
      head === this.sentHead &&
      selectedText === this.sentSelected
    ) {
      return null;
    }
    this.resetPending = false;
    this.sentHead = head;
    this.sentSelected = selectedText;
    return { reset, load, counts, shownIds: idsChanged ? ids : null, rows, selected, missingSelectedId };
  }

  private rowsInWindow(
    picture: LivePicture,
    request: EventsViewRequest,
    isResponder: boolean,
  ): EventRowView[] {
    const start = Math.max(0, request.window.start - WINDOW_MARGIN);
    const end = Math.min(this.shown.length, request.window.end + WINDOW_MARGIN);
    const rows: EventRowView[] = [];
    for (let index = start; index < end; index += 1) {
      const location = picture.locations.get(this.shown[index] as string);
      if (!location) continue;
      const row = eventRowOf(location, isResponder);
      const text = JSON.stringify(row);
      if (this.sentRows.get(row.id) === text) continue;
      this.sentRows.set(row.id, text);
      rows.push(row);
    }
    return rows;
  }
}
