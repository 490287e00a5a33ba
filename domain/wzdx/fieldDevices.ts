// Field devices in the WZDx 4.2 device feed (DeviceFeed.json, `FieldDeviceFeature`): what an organization's own
// WZDx-enabled assets say about themselves, derived from their live state. Arrow boards are `arrow-board` devices
// with a pattern; a work truck driving a work zone is a `location-marker` marking a
// `work-truck-with-lights-flashing` at that zone. Pure: the clock comes in. Read top to bottom: the wire types,
// the input, the rules (kind, status, pattern, direction), then the feature.
import { assertNever } from '#domain/checks/assertNever';
import { ASSET_STATUS, type AssetStatus } from '#domain/status/assetStatus';

// ---------------------------------------------------------------------------------------------
// Wire (the schema's enums this feed uses)

export type FieldDeviceStatus = 'ok' | 'warning' | 'error' | 'unknown';
export type FieldDeviceType = 'arrow-board' | 'location-marker';
export type ArrowBoardPattern =
  'blank' | 'four-corners-flashing' | 'left-arrow-flashing' | 'right-arrow-flashing' | 'unknown';
export type RoadDirection = 'northbound' | 'eastbound' | 'southbound' | 'westbound';

export type FieldDeviceCoreDetails = {
  device_type: FieldDeviceType;
  data_source_id: string;
  device_status: FieldDeviceStatus;
  update_date: string;
  has_automatic_location: true;
  name: string;
  is_moving: boolean;
  road_names?: string[];
  road_direction?: RoadDirection;
  status_messages?: string[];
  road_event_ids?: string[];
  velocity_kph?: number;
};

export type FieldDeviceFeature = {
  id: string;
  type: 'Feature';
  properties:
    | {
        core_details: FieldDeviceCoreDetails & { device_type: 'arrow-board' };
        pattern: ArrowBoardPattern;
        is_moving: boolean;
        is_in_transport_position: boolean;
      }
    | {
        core_details: FieldDeviceCoreDetails & { device_type: 'location-marker' };
        marked_locations: { type: 'work-truck-with-lights-flashing'; road_event_id?: string }[];
      };
  geometry: { type: 'Point'; coordinates: [number, number] };
};

// ---------------------------------------------------------------------------------------------
// Input: an asset as the simulator's projections hold it

/** A closure the asset drives; `published` when the work-zone feed lists it (its road event id is its id). */
export type DeviceClosure = {
  id: string;
  isActive: boolean;
  published: boolean;
  impactedLanes: readonly number[];
};

export type FieldDeviceInput = {
  id: string;
  dataSourceId: string;
  name: string;
  thingType: string;
  status: AssetStatus;
  lat: number;
  lng: number;
  /** Metres per second, as devices report it. */
  speed: number | null;
  /** Degrees clockwise from north. */
  course: number | null;
  street: string | null;
  /** When the asset's state last changed. */
  updatedAt: number;
  closures: readonly DeviceClosure[];
};

// ---------------------------------------------------------------------------------------------
// Rules

/** Below this speed (m/s, about 2 km/h) a device is parked: GPS drift is not movement. */
const MOVING_SPEED = 0.5;

export function isMoving(device: FieldDeviceInput): boolean {
  return device.speed !== null && device.speed >= MOVING_SPEED && device.status !== ASSET_STATUS.offline;
}

function activeClosures(device: FieldDeviceInput): readonly DeviceClosure[] {
  return device.closures.filter((closure) => closure.isActive);
}

/** Arrow boards always; other assets only while they drive an active closure (the work truck marking it). */
export function fieldDeviceType(device: FieldDeviceInput): FieldDeviceType | null {
  if (device.thingType === 'arrow_board') return 'arrow-board';
  return activeClosures(device).length > 0 ? 'location-marker' : null;
}

/**
 * The device's health from the asset's status (live §4): reporting (on an incident, active, standby, stationary)
 * is ok; pending (late check-ins) a warning; offline an error. Out of service is not deployed and not listed.
 */
export function fieldDeviceStatus(status: AssetStatus): {
  status: FieldDeviceStatus;
  message: string | null;
} {
  switch (status) {
    case ASSET_STATUS.location:
    case ASSET_STATUS.active:
    case ASSET_STATUS.standby:
    case ASSET_STATUS.stationary:
      return { status: 'ok', message: null };
    case ASSET_STATUS.pending:
      return { status: 'warning', message: 'Device has not checked in recently' };
    case ASSET_STATUS.offline:
      return { status: 'error', message: 'Device is offline' };
    case ASSET_STATUS.outOfService:
      return { status: 'unknown', message: 'Device is out of service' };
    default:
      return assertNever(status);
  }
}

/**
 * What an arrow board shows, from the closure it drives (lane 1 is the left-most): closing the left-most lane sends
 * traffic right, closing lanes to its right sends traffic left, a closure of no lane (shoulder work) shows the
 * caution corners. Without an active closure a board is dark, moving or parked; an offline board is unknown.
 */
export function arrowBoardPattern(device: FieldDeviceInput): ArrowBoardPattern {
  if (device.status === ASSET_STATUS.offline) return 'unknown';
  const closure = activeClosures(device)[0];
  if (!closure) return 'blank';
  if (closure.impactedLanes.length === 0) return 'four-corners-flashing';
  return closure.impactedLanes.includes(1) ? 'right-arrow-flashing' : 'left-arrow-flashing';
}

/** The cardinal direction nearest the course of a moving device. */
export function roadDirection(course: number): RoadDirection {
  const directions: readonly RoadDirection[] = ['northbound', 'eastbound', 'southbound', 'westbound'];
  const quadrant = Math.round((((course % 360) + 360) % 360) / 90) % 4;
  return directions[quadrant] ?? 'northbound';
}

// ---------------------------------------------------------------------------------------------
// The feature

function isoSeconds(time: number): string {
  return new Date(Math.floor(time / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function fieldDeviceFeature(device: FieldDeviceInput): FieldDeviceFeature | null {
  const deviceType = fieldDeviceType(device);
  if (deviceType === null || device.status === ASSET_STATUS.outOfService) return null;
  const moving = isMoving(device);
  const health = fieldDeviceStatus(device.status);
  const roadEventIds = activeClosures(device)
    .filter((closure) => closure.published)
    .map((closure) => closure.id);
  const core: FieldDeviceCoreDetails = {
    device_type: deviceType,
    data_source_id: device.dataSourceId,
    device_status: health.status,
    update_date: isoSeconds(device.updatedAt),
    has_automatic_location: true,
    name: device.name,
    is_moving: moving,
    ...(device.street ? { road_names: [device.street] } : {}),
    ...(moving && device.course !== null ? { road_direction: roadDirection(device.course) } : {}),
    ...(health.message ? { status_messages: [health.message] } : {}),
    ...(roadEventIds.length > 0 ? { road_event_ids: roadEventIds } : {}),
    ...(device.speed !== null ? { velocity_kph: Math.round(device.speed * 36) / 10 } : {}),
  };
  const geometry = { type: 'Point' as const, coordinates: [device.lng, device.lat] as [number, number] };
  if (deviceType === 'arrow-board') {
    const pattern = arrowBoardPattern(device);
    return {
      id: device.id,
      type: 'Feature',
      properties: {
        core_details: { ...core, device_type: 'arrow-board' },
        pattern,
        is_moving: moving,
        // A dark board on the move is folded down for the road.
        is_in_transport_position: moving && pattern === 'blank',
      },
      geometry,
    };
  }
  const marked = activeClosures(device).map((closure) =>
    closure.published
      ? { type: 'work-truck-with-lights-flashing' as const, road_event_id: closure.id }
      : { type: 'work-truck-with-lights-flashing' as const },
  );
  return {
    id: device.id,
    type: 'Feature',
    properties: { core_details: { ...core, device_type: 'location-marker' }, marked_locations: marked },
    geometry,
  };
}
