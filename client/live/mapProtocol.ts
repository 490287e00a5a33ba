// The map's part of the page–worker protocol (liveProtocol.ts): what the page asks (`mapView`) and what the worker
// sends for the map to draw — the markers as typed arrays, popups, overlays and station markers (docs/live-worker.md
// "The map's view").
import type { ClosureStatus } from '#domain/closures/closure';
import type { AssetStatusName } from '#domain/status/assetStatus';

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
