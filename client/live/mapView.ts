// Runs in the live worker: what the map draws besides the asset markers (docs/live-worker.md "The map's view") —
// the open popups' texts, the overlays (events, areas, closures, alerting zones) and, while grouping, the station
// markers and which assets they hide. Like the list view it notes what each picture changed (`picture.changes`,
// never record identity) and sends a part only when it changed or the page asked anew.
import type { Area } from '#domain/areas/area';
import { isStation } from '#domain/areas/area';
import type { LivePicture } from '#domain/live/livePicture';
import { pictureLabels, stationGroups } from '#domain/live/pictureViews';
import { ASSET_STATUS, statusLabel, statusName, type AssetStatusName } from '#domain/status/assetStatus';
import type { Thing } from '#domain/things/thing';
import { formatSpeed } from '#domain/units/speed';
import type {
  AreaView,
  ClosureLineView,
  EventMarkerView,
  LngLat,
  MapFrame,
  MapViewRequest,
  OverlayFrame,
  StationMarkerView,
  ThingPopupView,
  ZoneView,
} from './mapProtocol.ts';

const NO_REQUEST: MapViewRequest = { popupIds: [], grouping: false };

export function popupViewOf(thing: Thing, picture: LivePicture): ThingPopupView {
  const { isResponder } = pictureLabels(picture);
  const onIncident = thing.status === ASSET_STATUS.location;
  return {
    id: thing.id,
    name: thing.primaryDisplayName,
    secondaryName: thing.secondaryDisplayName,
    status: statusName(thing.status),
    statusLabel: statusLabel(thing.status, { isResponderOrganization: isResponder }),
    street: thing.street,
    speed: formatSpeed(thing.speed, picture.organization?.countryCode),
    heading: thing.courseDirection ?? '',
    timeLabel: onIncident ? 'Arrived' : 'Last check-in',
    time: onIncident ? thing.incidentStartTime : thing.lastCheckInTime,
    lat: thing.position?.lat ?? null,
    lng: thing.position?.lng ?? null,
  };
}

function lngLat(point: { lat: number; lng: number }): LngLat {
  return [point.lng, point.lat];
}

function areaViewOf(area: Area): AreaView | null {
  if (area.position === null) return null;
  return {
    id: area.id,
    name: area.displayName,
    typeName: area.ezTypeName,
    position: lngLat(area.position),
    isPoi: area.isPoi,
    isLegacy: area.isLegacy,
    isStation: isStation(area),
    radius: area.radius,
    polygon: area.lineStringArray.map(lngLat),
  };
}

export function overlaysOf(picture: LivePicture, parts: OverlayParts): OverlayFrame {
  return {
    events: parts.events
      ? [...picture.locations.values()].map((location): EventMarkerView => ({
          id: location.id,
          name: location.displayName,
          street: location.street,
          position: lngLat(location.markerPosition),
          isActive: location.isActive,
          isGeoMarker: location.isGeoMarker,
        }))
      : null,
    areas: parts.areas
      ? [...picture.areas.values()].flatMap((area) => {
          const view = areaViewOf(area);
          return view ? [view] : [];
        })
      : null,
    closures: parts.closures
      ? [...picture.closures.values()]
          .filter((closure) => closure.routePath.length >= 2)
          .map((closure): ClosureLineView => ({
            id: closure.id,
            description: closure.description,
            status: closure.status,
            path: closure.routePath.map(lngLat),
          }))
      : null,
    zones: parts.zones
      ? [...picture.zones.values()]
          .filter((zone) => zone.geometry.length > 0)
          .map((zone): ZoneView => ({
            id: zone.id,
            name: zone.displayName,
            isActive: zone.isActive,
            path: zone.geometry.map(lngLat),
          }))
      : null,
  };
}

type OverlayParts = { events: boolean; areas: boolean; closures: boolean; zones: boolean };
const ALL_PARTS: OverlayParts = { events: true, areas: true, closures: true, zones: true };

/** The station markers for the assets grouped at stations, and the set of those assets. */
export function stationMarkersOf(picture: LivePicture): {
  stations: StationMarkerView[];
  grouped: Set<string>;
} {
  const stations: StationMarkerView[] = [];
  const grouped = new Set<string>();
  for (const [stationId, thingIds] of stationGroups(picture)) {
    const area = picture.areas.get(stationId);
    if (!area?.position) continue;
    const counts: Partial<Record<AssetStatusName, number>> = {};
    const things: StationMarkerView['things'] = [];
    for (const id of thingIds) {
      const thing = picture.things.get(id);
      if (!thing?.position) continue;
      const status = statusName(thing.status);
      counts[status] = (counts[status] ?? 0) + 1;
      things.push({ id, name: thing.primaryDisplayName, status });
      grouped.add(id);
    }
    if (things.length === 0) continue;
    things.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    stations.push({ id: stationId, name: area.displayName, position: lngLat(area.position), counts, things });
  }
  stations.sort((a, b) => (a.id < b.id ? -1 : 1));
  return { stations, grouped };
}

function sameIdSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

export class MapView {
  private request: MapViewRequest = NO_REQUEST;
  private stale: OverlayParts = { ...ALL_PARTS };
  private sentPopups = '';
  private sentStations = '';
  /** The assets the station markers stand for; the marker packer leaves them out. */
  private grouped: ReadonlySet<string> = new Set();
  /** The station markers of one picture version, computed once for `regroup` and `frame`. */
  private stationsOf: { version: number; value: ReturnType<typeof stationMarkersOf> } | null = null;

  private stationMarkers(picture: LivePicture): ReturnType<typeof stationMarkersOf> {
    if (this.stationsOf?.version !== picture.version) {
      this.stationsOf = { version: picture.version, value: stationMarkersOf(picture) };
    }
    return this.stationsOf.value;
  }

  /** Called for every picture, sent or not. */
  note(picture: LivePicture): void {
    const { changes } = picture;
    if (changes.reset) {
      this.stale = { ...ALL_PARTS };
      this.sentPopups = '';
      this.sentStations = '';
      this.stationsOf = null;
      return;
    }
    this.stale = {
      events: this.stale.events || changes.locations,
      areas: this.stale.areas || changes.areas,
      closures: this.stale.closures || changes.closures,
      zones: this.stale.zones || changes.zones,
    };
  }

  /** A new request; a change of grouping shows in the next `regroup`. */
  setRequest(request: MapViewRequest): void {
    this.request = request;
  }

  /** The popups asked for, as they are now. */
  popups(picture: LivePicture): ThingPopupView[] {
    return this.request.popupIds.flatMap((id) => {
      const thing = picture.things.get(id);
      return thing ? [popupViewOf(thing, picture)] : [];
    });
  }

  /** Sent with the answer to a request, so the next frame does not repeat them. */
  markPopupsSent(popups: ThingPopupView[]): void {
    this.sentPopups = JSON.stringify(popups);
  }

  /**
   * The assets hidden behind station markers now. Returns the new set when it differs from the last one (the
   * caller repacks the markers), else null.
   */
  regroup(picture: LivePicture): ReadonlySet<string> | null {
    const next = this.request.grouping ? this.stationMarkers(picture).grouped : new Set<string>();
    if (sameIdSet(next, this.grouped)) return null;
    this.grouped = next;
    return next;
  }

  get groupedIds(): ReadonlySet<string> {
    return this.grouped;
  }

  frame(picture: LivePicture): MapFrame {
    const popups = this.popups(picture);
    const popupsText = JSON.stringify(popups);
    const popupsChanged = popupsText !== this.sentPopups;
    this.sentPopups = popupsText;

    const stations = this.request.grouping ? this.stationMarkers(picture).stations : [];
    const stationsText = JSON.stringify(stations);
    const stationsChanged = stationsText !== this.sentStations;
    this.sentStations = stationsText;

    const anyStale = this.stale.events || this.stale.areas || this.stale.closures || this.stale.zones;
    const overlays = anyStale ? overlaysOf(picture, this.stale) : null;
    this.stale = { events: false, areas: false, closures: false, zones: false };
    return {
      popups: popupsChanged ? popups : null,
      overlays,
      stations: stationsChanged ? stations : null,
    };
  }
}
