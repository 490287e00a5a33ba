// The rules of the map every screen shares (live §2 "Shared map behaviour", §8 geolocation, §9 zoom constants):
// zoom gates, the show-all padding, the coordinate search, the copy texts and the two outside services' links.
// Read top to bottom: zoom constants, the Add gate, the coordinate search, links, geolocation outcomes, the
// location marker's circle.
import { assertNever } from '#domain/checks/assertNever';
import { isValidLatitude, isValidLongitude, truncateCoordinate } from '#domain/units/coordinates';
import { METRES_PER_DEGREE_LATITUDE, distanceMetres, metresPerDegreeLongitude } from '#domain/units/distance';

// ---------------------------------------------------------------------------------------------
// Zoom constants (live §9)

/** Assets at a station draw as one station marker below this zoom while Group View is on. */
export const STATION_GROUPING_MAX_ZOOM = 16.25;
/** Event markers appear from this zoom; events drawn from a geometry of their own (geo markers) from 16. */
export const EVENT_MARKER_MIN_ZOOM = 17;
export const GEO_EVENT_MARKER_MIN_ZOOM = 16;
/** "Find Current Location" centres here. */
export const LOCATE_ZOOM = 17;
/** Centring on a found place never leaves the map further out than this. */
export const MIN_CENTRE_ZOOM = 16;
/** Choosing an area zooms to 16, or 17 for a point of interest. */
export const AREA_ZOOM = 16;
export const POINT_OF_INTEREST_ZOOM = 17;

/** The map views that have their own padding, Add gate and instructions. */
export const MAP_VIEWS = ['things', 'events', 'areas', 'closures', 'zones', 'trips'] as const;
export type MapView = (typeof MAP_VIEWS)[number];

/** Show all fits the bounds with 75 px padding in the events and things views, 50 elsewhere. */
export function fitPadding(view: MapView): number {
  return view === 'things' || view === 'events' ? 75 : 50;
}

/** Whether an event marker shows at this zoom. */
export function showsEventMarker(zoom: number, isGeoMarker: boolean): boolean {
  return zoom >= (isGeoMarker ? GEO_EVENT_MARKER_MIN_ZOOM : EVENT_MARKER_MIN_ZOOM);
}

/** Whether assets group into station markers. */
export function groupsStations(zoom: number, groupView: boolean): boolean {
  return groupView && zoom < STATION_GROUPING_MAX_ZOOM;
}

// ---------------------------------------------------------------------------------------------
// The Add button's zoom gate

/** What the Add button adds: areas and closures need 15.5, trips (show points) 17, everything else 16. */
export type AddKind = 'area' | 'closure' | 'trip' | 'other';

export function addMinimumZoom(kind: AddKind): number {
  switch (kind) {
    case 'area':
    case 'closure':
      return 15.5;
    case 'trip':
      return 17;
    case 'other':
      return 16;
    default:
      return assertNever(kind);
  }
}

export const ZOOM_TO_ADD = 'Zoom to Add';

/** The Add button at this zoom: enabled, or "Zoom to Add", which zooms in to the minimum when pressed. */
export function addGate(zoom: number, kind: AddKind): { enabled: boolean; minimumZoom: number } {
  const minimumZoom = addMinimumZoom(kind);
  return { enabled: zoom >= minimumZoom, minimumZoom };
}

// ---------------------------------------------------------------------------------------------
// The coordinate search

export const COORDINATE_PLACEHOLDER = '41.8623, -87.6167';
export const LOCATION_NOT_FOUND = 'Unable to find location';

export type CoordinateSearch =
  | { kind: 'empty' }
  /** Text that is not two numbers: the box shows its invalid state. */
  | { kind: 'invalid' }
  /** Two numbers, but not a place on Earth: nothing to find. */
  | { kind: 'notFound'; message: string }
  | { kind: 'found'; lat: number; lng: number };

const NUMBER = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)`;
const PAIR = new RegExp(String.raw`^\s*(${NUMBER})\s*[,\s]\s*(${NUMBER})\s*$`);

/** Reads "lat,lng" (a comma or spaces between) as numbers truncated to 7 decimals, valid only inside the ranges. */
export function parseCoordinateSearch(text: string): CoordinateSearch {
  if (text.trim() === '') return { kind: 'empty' };
  const match = PAIR.exec(text);
  if (!match) return { kind: 'invalid' };
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (!isValidLatitude(lat) || !isValidLongitude(lng)) {
    return { kind: 'notFound', message: LOCATION_NOT_FOUND };
  }
  return { kind: 'found', lat: truncateCoordinate(lat), lng: truncateCoordinate(lng) };
}

// ---------------------------------------------------------------------------------------------
// Copy texts and the outside services

/** Coordinates as menus show them: truncated to 5 decimals (live §9). */
export function formatCoordinates(lat: number, lng: number): string {
  const five = (value: number) => (Math.trunc(value * 1e5) / 1e5 + 0).toFixed(5);
  return `${five(lat)}, ${five(lng)}`;
}

/** The navigation service (turn-by-turn) and the maps service the menus link to. */
export const OUTSIDE_SERVICES = ['navigation', 'maps'] as const;
export type OutsideService = (typeof OUTSIDE_SERVICES)[number];

export const OUTSIDE_SERVICE_NAMES: Readonly<Record<OutsideService, string>> = {
  navigation: 'Waze',
  maps: 'Google Maps',
};

export function serviceLink(service: OutsideService, lat: number, lng: number): string {
  const at = `${truncateCoordinate(lat)},${truncateCoordinate(lng)}`;
  switch (service) {
    case 'navigation':
      return `https://www.waze.com/ul?ll=${at}&navigate=yes`;
    case 'maps':
      return `https://www.google.com/maps/search/?api=1&query=${at}`;
    default:
      return assertNever(service);
  }
}

/** How long "Copied" shows: 2 s in the right-click menu, 1 s in info windows (live §9). */
export const COPIED_MENU_MS = 2_000;
export const COPIED_INFO_WINDOW_MS = 1_000;

// ---------------------------------------------------------------------------------------------
// Geolocation (live §8, §9)

/** High accuracy, a 10 s timeout, a cached position up to 30 s old. */
export const GEOLOCATION_OPTIONS = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 30_000 } as const;

export const GEOLOCATION_DENIED =
  'the product does not have permission to use your location. Enable location services in your browser.';
export const GEOLOCATION_FAILED = 'Unable to retrieve your location.';
export const GEOLOCATION_UNSUPPORTED = 'Your browser does not support geolocation';

/** The message for a failed request: code 1 is PERMISSION_DENIED, everything else a failure to find a position. */
export function geolocationErrorMessage(code: number): string {
  return code === 1 ? GEOLOCATION_DENIED : GEOLOCATION_FAILED;
}

// ---------------------------------------------------------------------------------------------
// The draggable location marker (live §2, §9)

/** The location marker moves at most this far from where it started (0.1 km, drawn as its circle). */
export const LOCATION_MARKER_RADIUS_METRES = 100;

/**
 * Where a dragged location marker lands: the candidate itself inside the circle around its start, else the
 * point on the circle's edge in the candidate's direction, so the marker slides along the edge. Truncated to
 * 7 decimals like every coordinate the product stores.
 */
export function clampToCircle(
  start: { lat: number; lng: number },
  candidate: { lat: number; lng: number },
  radiusMetres = LOCATION_MARKER_RADIUS_METRES,
): { lat: number; lng: number } {
  const distance = distanceMetres(start.lat, start.lng, candidate.lat, candidate.lng);
  if (distance <= radiusMetres) {
    return { lat: truncateCoordinate(candidate.lat), lng: truncateCoordinate(candidate.lng) };
  }
  const north = (candidate.lat - start.lat) * METRES_PER_DEGREE_LATITUDE;
  const east = (candidate.lng - start.lng) * metresPerDegreeLongitude(start.lat);
  // A hair inside the edge, so truncation and the distance approximation never put it outside.
  const scale = (radiusMetres * 0.999) / Math.hypot(north, east);
  return {
    lat: truncateCoordinate(start.lat + (north * scale) / METRES_PER_DEGREE_LATITUDE),
    lng: truncateCoordinate(start.lng + (east * scale) / metresPerDegreeLongitude(start.lat)),
  };
}

/** The compass heading (0-360, clockwise from north) from one point towards another. */
export function headingTowards(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const north = (to.lat - from.lat) * METRES_PER_DEGREE_LATITUDE;
  const east = (to.lng - from.lng) * metresPerDegreeLongitude(from.lat);
  const degrees = (Math.atan2(east, north) * 180) / Math.PI;
  return Math.round((degrees + 360) % 360);
}
