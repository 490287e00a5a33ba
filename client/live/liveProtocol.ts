// The messages between the page and the live worker (docs/live-worker.md). The worker owns the cable, the REST
// loads and the domain pipeline; the page owns the screens. What crosses is only what the screens draw: the
// map's marker attributes as transferable typed arrays, the counts, and the list rows in the page's window.
// Later screens add a `view` kind to PageMessage and a field to the frame, the same way the list does.
import type { ClosureStatus } from '#domain/closures/closure';
import type { ViewedOrganization } from '#domain/live/liveEvents';
import type { LocationTimeFilter } from '#domain/locations/location';
import type { AssetStatusName } from '#domain/status/assetStatus';
import type { StatusCounts } from '#domain/status/statusCounts';
import type { ThingListFilter } from '#domain/things/thingListFilter';
import type { Integration, OrganizationRelation } from '#domain/things/thing';
import type { CableStatus } from './cableConnection.ts';
import type { CollectionName, CollectionsFrame, CollectionWrite } from './collectionsProtocol.ts';

/** What the worker needs to reach the provider; the token is sent again whenever the session refreshes it. */
export type WorkerConfig = {
  apiBaseUrl: string;
  cableUrl: string;
  token: string;
  permissions: readonly string[];
};

/** The asset list's window: rows [start, end) of the search result are what the page shows. */
export type ListWindow = { start: number; end: number };

export type PageMessage =
  | { type: 'start'; config: WorkerConfig; organization: ViewedOrganization | null }
  | { type: 'token'; token: string }
  | { type: 'organization'; organization: ViewedOrganization | null }
  /** The page drew the frame `seq`: the worker may send the next one (one frame in flight, never a queue). */
  | { type: 'drawn'; seq: number }
  | { type: 'search'; text: string }
  | { type: 'listWindow'; window: ListWindow }
  | { type: 'select'; thingId: string | null }
  /** What the map shows besides the markers: the assets whose popups are open, and whether stations group. */
  | { type: 'mapView'; view: MapViewRequest }
  /** The collections the open screens list (collectionsProtocol.ts); the worker sends each when it changed. */
  | { type: 'collections'; names: readonly CollectionName[] }
  /** The user's own write and its answer: applied to the worker's collection at once, acknowledged by `seq`. */
  | { type: 'write'; seq: number; organizationId: string; write: CollectionWrite }
  /** What the events screen shows (eventsView.ts); null when no events screen is open. */
  | { type: 'eventsView'; view: EventsViewRequest | null }
  /** The asset list's Filters panel and the stored "show offline" preference (domain/things/thingListFilter.ts). */
  | { type: 'listFilter'; filter: ThingListFilter }
  /** The Replay control (docs/time-travel.md): the screens show a past picture until `exit`. */
  | { type: 'replay'; command: ReplayCommand }
  | { type: 'stop' };

/** What the Replay control asks of the worker; `at` is unix ms, `speed` replayed seconds per second (1–60). */
export type ReplayCommand =
  | { kind: 'open'; at: number; speed: number }
  | { kind: 'play' }
  | { kind: 'pause' }
  | { kind: 'step'; byMs: number }
  | { kind: 'speed'; speed: number }
  | { kind: 'exit' };

/** Where the replay stands: `at` is the replayed moment the screens show (unix ms). */
export type ReplayStatus =
  | { phase: 'off' }
  | { phase: 'loading'; at: number; speed: number }
  | { phase: 'ready'; at: number; speed: number; playing: boolean }
  | { phase: 'error'; message: string };

/** The map's request (docs/live-worker.md "The map's view"). */
export type MapViewRequest = {
  /** Assets whose popup is open (the hovered one, the pinned one); a handful at most. */
  popupIds: readonly string[];
  /** Group View is on and the zoom is below 16.25: assets at a station draw as the station's marker. */
  grouping: boolean;
};

/** An asset's hover or pinned popup (live §2): texts ready to show, times as epoch milliseconds. */
export type ThingPopupView = {
  id: string;
  name: string;
  secondaryName: string;
  status: AssetStatusName;
  statusLabel: string;
  street: string;
  /** In the organization's unit ("23 mph", "37 km/h"); empty when unknown. */
  speed: string;
  /** Compass heading (N, NE, ...); empty when unknown. */
  heading: string;
  /** "Arrived" while on an incident, else "Last check-in". */
  timeLabel: 'Arrived' | 'Last check-in';
  time: number | null;
  lat: number | null;
  lng: number | null;
};

/** `[lng, lat]`, the order deck.gl reads. */
export type LngLat = [number, number];

/** An event (location) marker: active or recent icon; geo markers show from zoom 16, others from 17. */
export type EventMarkerView = {
  id: string;
  name: string;
  street: string;
  position: LngLat;
  isActive: boolean;
  isGeoMarker: boolean;
};

/** An area: a marker, plus a filled circle (legacy areas) or a polygon outline (areas with a polygon). */
export type AreaView = {
  id: string;
  name: string;
  typeName: string;
  position: LngLat;
  isPoi: boolean;
  isLegacy: boolean;
  isStation: boolean;
  /** Metres; used for the legacy circle. */
  radius: number;
  polygon: LngLat[];
};

/** A closure's route line, coloured by closure status. */
export type ClosureLineView = { id: string; description: string; status: ClosureStatus; path: LngLat[] };

/** An alerting zone's line with its wrong-way icon (active or inactive) at its start. */
export type ZoneView = { id: string; name: string; isActive: boolean; path: LngLat[] };

/** The live picture's overlays; each part is null when it did not change since the last frame. */
export type OverlayFrame = {
  events: EventMarkerView[] | null;
  areas: AreaView[] | null;
  closures: ClosureLineView[] | null;
  zones: ZoneView[] | null;
};

/** A station drawn as one marker while grouping: its assets' counts by status and the assets themselves. */
export type StationMarkerView = {
  id: string;
  name: string;
  position: LngLat;
  counts: Partial<Record<AssetStatusName, number>>;
  things: { id: string; name: string; status: AssetStatusName }[];
};

/** What the map draws besides the asset markers; each part is null when unchanged since the last frame. */
export type MapFrame = {
  popups: ThingPopupView[] | null;
  overlays: OverlayFrame | null;
  /** The station markers while grouping (an empty list when grouping is off). */
  stations: StationMarkerView[] | null;
};

/** One row of the asset list, ready to show (labels in the organization's wording). */
export type ThingRowView = {
  id: string;
  primaryDisplayName: string;
  secondaryDisplayName: string;
  street: string;
  status: AssetStatusName;
  statusLabel: string;
  inService: boolean;
  isWzdxEnabled: boolean;
};

/**
 * The map's markers in index order, for deck.gl binary attributes: every attribute the marker layers draw, so the
 * page runs no accessor per marker. `ids` comes only when the index order changed (an asset came, went, or was
 * raised or lowered in the stacking order); otherwise index i is the same asset as before.
 */
export type MarkerAttributes = {
  count: number;
  ids: string[] | null;
  /**
   * [lng, lat] the positions are offsets from (deck.gl's LNGLAT_OFFSETS). Float32 offsets within a region keep
   * about a centimetre, where float32 absolute degrees would keep about a metre and float64 would cost a split
   * into high and low parts on every frame. It stays the same until the picture starts over.
   */
  origin: [number, number];
  /** lng, lat offsets from `origin` per marker. */
  positions: Float32Array;
  /** MARKER_CATEGORIES index per marker (icon). */
  categories: Uint8Array;
  /** Ring colour per marker, RGBA (status). */
  ringColors: Uint8Array;
  /** The course arrow's angle per marker, in deck.gl's degrees (counter-clockwise from north). */
  arrowAngles: Float32Array;
  /** 1 where the asset moves (its course arrow shows), 0 elsewhere. */
  arrowScales: Float32Array;
};

export type SnapshotState =
  { phase: 'idle' } | { phase: 'loading' } | { phase: 'loaded' } | { phase: 'error'; message: string };

/** The selected asset as its detail panel and the map's centring read it. */
export type SelectedThing = { id: string; lat: number | null; lng: number | null; row: ThingRowView };

/** What the asset's status block shows (live §2 "Asset detail panel"); times as epoch milliseconds. */
export type ThingStatusBlock =
  | {
      kind: 'incident';
      /** The event's street, empty when unknown (the block then shows lat/lng). */
      address: string;
      lat: number | null;
      lng: number | null;
      arrivedAt: number | null;
      /** From the event's start to this asset's arrival; null when either is unknown. */
      timeToSceneMs: number | null;
    }
  | { kind: 'lastOnline'; lastOnline: number | null }
  | {
      kind: 'moving';
      direction: string;
      speed: string;
      /** Active and streaming: the run's start and its alert points; otherwise null and `lastSync` shows. */
      run: { startTime: number | null; alertPoints: number } | null;
      lastSync: number | null;
    };

/** The selected asset as its detail panel reads it (client/live/thingDetailView.ts). */
export type ThingDetailView = {
  id: string;
  primaryDisplayName: string;
  secondaryDisplayName: string;
  nickname: string;
  status: AssetStatusName;
  statusLabel: string;
  statusBlock: ThingStatusBlock;
  inService: boolean;
  isPubliclyReporting: boolean;
  /** When alerting was seen switched off (it turns back on by itself an hour later). */
  alertingOffSince: number | null;
  isR2REnabled: boolean;
  isWzdxEnabled: boolean;
  isTestModeOn: boolean;
  isAllowedForTestMode: boolean;
  isIntegrationOrg: boolean;
  deviceType: 'ha5' | 'ha7' | 'api' | null;
  systemId: string;
  thingType: string;
  thingSubtype: string;
  thingSubtypeId: string | null;
  vinNumber: string;
  plateNumber: string;
  registryNumber: string;
  integrations: Integration[];
  organizationId: string | null;
  organizationName: string;
  relations: OrganizationRelation[];
  /** The viewed organization only sees the asset (owned elsewhere, shared as accessor): writes are refused. */
  isReadOnly: boolean;
};

export type ListFrame = {
  /** Assets in the organization, and how many the search shows. */
  total: number;
  shownCount: number;
  /** The search result's ids in order, only when membership or order changed. */
  shownIds: string[] | null;
  /** Rows in the window (with a margin) the page does not have as they are now. */
  rows: ThingRowView[];
};

export type PictureFrame = {
  type: 'frame';
  seq: number;
  /** The picture started over (organization switch): the page forgets rows and markers it holds. */
  reset: boolean;
  organizationId: string | null;
  snapshot: SnapshotState;
  isResponder: boolean;
  counts: StatusCounts;
  /** Null when no marker changed since the last frame. */
  markers: MarkerAttributes | null;
  list: ListFrame;
  /** The selected asset, or null when none is selected or the picture lacks it. */
  selected: SelectedThing | null;
  /** The id selected that the loaded picture does not hold (the screen returns to its list, live §2). */
  missingSelectedId: string | null;
  map: MapFrame;
  /** The selected asset's detail panel (null when none is selected or the picture lacks it). */
  selectedDetail: ThingDetailView | null;
};

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

export type EventsLoadState =
  { phase: 'loading' } | { phase: 'loaded' } | { phase: 'error'; message: string };

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

export type WorkerMessage =
  | PictureFrame
  | { type: 'events'; events: EventsFrame }
  | { type: 'collections'; collections: CollectionsFrame }
  | { type: 'cableStatus'; status: CableStatus | 'idle' }
  /** Rows asked for by a window change, sent at once (not held for the next frame). */
  | { type: 'rows'; rows: ThingRowView[] }
  /** The popups asked for by a map view change, sent at once. */
  | { type: 'popups'; popups: ThingPopupView[] }
  /** The open alarms the user sees in the organization, read again after the queue changed (docs/alarms.md). */
  | { type: 'alarms'; organizationId: string; openCount: number }
  | { type: 'replayStatus'; status: ReplayStatus }
  | { type: 'unauthorized' };

/** The buffers a frame can hand over without copying. */
export function transferablesOf(message: WorkerMessage): Transferable[] {
  if (message.type !== 'frame' || message.markers === null) return [];
  const { positions, categories, ringColors, arrowAngles, arrowScales } = message.markers;
  return [positions.buffer, categories.buffer, ringColors.buffer, arrowAngles.buffer, arrowScales.buffer];
}
