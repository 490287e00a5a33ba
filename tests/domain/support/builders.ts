// Builders for domain tests: server-shaped records (what the provider sends) and pictures loaded from them.
// Tests state only the fields their rule is about; everything else takes a plain, valid default.
import { mapServerArea, type Area, type ServerArea } from '#domain/areas/area';
import { mapServerClosure, type Closure, type ServerClosure } from '#domain/closures/closure';
import { evolveBatch } from '#domain/live/evolve';
import type { LiveEvent, LivePoint, LiveHeartbeat, ViewedOrganization } from '#domain/live/liveEvents';
import { emptyPicture, type LivePicture } from '#domain/live/livePicture';
import { liveSettings, type LiveSettings } from '#domain/live/liveSettings';
import { mapServerLocation, type Location, type ServerLocation } from '#domain/locations/location';
import { mapServerThing, type ServerThing, type Thing } from '#domain/things/thing';

export const T0 = Date.parse('2026-03-02T12:00:00.000Z');
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const iso = (ms: number) => new Date(ms).toISOString();

/** Two stations in Chicago, 100 m circles, far enough apart not to overlap. */
export const STATION_A = { id: 'station-a', lat: 41.8623, lng: -87.6167 };
export const STATION_B = { id: 'station-b', lat: 41.8823, lng: -87.6267 };

export function serverThing(overrides: Partial<ServerThing> & { id: string }): ServerThing {
  return {
    system_identifier: `sys-${overrides.id}`,
    nickname: `Unit ${overrides.id}`,
    is_active: true,
    in_service: true,
    lat: 41.85,
    lng: -87.65,
    speed: 0,
    course: 0,
    accuracy: 5,
    enroute: false,
    device_type: 'ha5',
    heartbeat_datetime: iso(T0 - 5 * SECOND),
    street: '',
    ...overrides,
  };
}

export function thing(
  overrides: Partial<ServerThing> & { id: string },
  now = T0,
  settings?: LiveSettings,
): Thing {
  return mapServerThing(serverThing(overrides), { now, settings: settings ?? liveSettings() });
}

export function stationArea(station: { id: string; lat: number; lng: number }, radius = 0): Area {
  const server: ServerArea = {
    id: station.id,
    name: `Station ${station.id}`,
    lat: station.lat,
    lng: station.lng,
    radius_dist: radius,
    is_active: true,
    point_geom: { lat: station.lat, lon: station.lng },
    ez_type: { id: 'station-type', db_name: 'station', display_name: 'Station', is_station_view: true },
  };
  return mapServerArea(server);
}

export function location(overrides: Partial<ServerLocation> & { id: string }): Location {
  return mapServerLocation({
    lat: 41.87,
    lng: -87.63,
    is_active: true,
    start_time: iso(T0 - HOUR),
    ...overrides,
  });
}

export function closure(overrides: Partial<ServerClosure> & { id: string }, now = T0): Closure {
  return mapServerClosure(
    {
      closure_type: 'manual',
      is_active: false,
      is_in_service: true,
      description: `Closure ${overrides.id}`,
      ...overrides,
    },
    { now, settings: liveSettings() },
  );
}

export function point(thingId: string, overrides: Partial<LivePoint> = {}): LivePoint {
  return {
    thingId,
    lat: 41.86,
    lng: -87.64,
    speed: 12,
    course: 90,
    accuracy: 5,
    enroute: true,
    runId: 'run-1',
    street: null,
    ...overrides,
  };
}

export function heartbeat(thingId: string, overrides: Partial<LiveHeartbeat> = {}): LiveHeartbeat {
  return {
    thingId,
    lat: null,
    lng: null,
    speed: 0,
    course: 0,
    accuracy: 5,
    street: null,
    enroute: false,
    isActive: true,
    heartbeatTime: null,
    ...overrides,
  };
}

export const pointAt = (now: number, livePoint: LivePoint): LiveEvent => ({
  type: 'PointReceived',
  point: livePoint,
  now,
});
export const heartbeatAt = (now: number, liveHeartbeat: LiveHeartbeat): LiveEvent => ({
  type: 'HeartbeatReceived',
  heartbeat: liveHeartbeat,
  now,
});
export const tickAt = (now: number): LiveEvent => ({ type: 'ClockTicked', now });

export const ORGANIZATION: ViewedOrganization = {
  id: 'org-1',
  name: 'Demo Roads',
  isLargeOrg: false,
  isWzdxOrg: false,
  isResponder: null,
  countryCode: 'US',
};

/** A picture loaded the way the pipeline loads one: stations first, then the assets, all at `now`. */
export function loadedPicture(options: {
  things?: Thing[];
  areas?: Area[];
  locations?: Location[];
  closures?: Closure[];
  now?: number;
  settings?: Partial<LiveSettings>;
}): LivePicture {
  const now = options.now ?? T0;
  const events: LiveEvent[] = [
    { type: 'AreasLoaded', areas: options.areas ?? [], dropped: 0, now },
    { type: 'ThingsPageLoaded', things: options.things ?? [], dropped: 0, now },
  ];
  if (options.locations)
    events.push({ type: 'LocationsLoaded', locations: options.locations, dropped: 0, replace: true, now });
  if (options.closures)
    events.push({ type: 'ClosuresLoaded', closures: options.closures, dropped: 0, replace: true, now });
  const settings = liveSettings(options.settings);
  return evolveBatch(emptyPicture({ now, settings, organization: ORGANIZATION }), events);
}

export function assetIn(picture: LivePicture, id: string): Thing {
  const found = picture.things.get(id);
  if (!found) throw new Error(`asset ${id} is not in the picture`);
  return found;
}
