// The WZDx 4.2 feeds (DESIGN §4). The work-zone feed: each closure published to WZDx with an end time becomes a
// work-zone road event whose geometry is the closure's road path. The device feed: the WZDx-enabled field devices
// (domain/wzdx/fieldDevices.ts), whose road event ids point into the work-zone feed.
import {
  fieldDeviceFeature,
  type FieldDeviceFeature,
  type FieldDeviceInput,
} from '#domain/wzdx/fieldDevices';
import type { ClosureJson } from './closureSchema.ts';

const DIRECTIONS: Readonly<Record<string, string>> = {
  N: 'northbound',
  E: 'eastbound',
  S: 'southbound',
  W: 'westbound',
};

export type WzdxDataSource = { data_source_id: string; organization_name: string };

/** Closures that belong in the feed: published, with a WZDx id, a road path and an end time. */
export function isPublished(closure: ClosureJson): boolean {
  return (
    closure.is_wzdx_compliant &&
    closure.external_id !== null &&
    closure.geocoded_route.length >= 2 &&
    closure.end_time !== null
  );
}

function roadEvent(closure: ClosureJson, updatedAt: string) {
  const roadNames = [
    ...new Set([closure.street_start, closure.street_end].filter((name): name is string => !!name)),
  ];
  const start = closure.start_time ?? closure.activation_time ?? updatedAt;
  return {
    id: closure.id,
    type: 'Feature',
    properties: {
      core_details: {
        data_source_id: closure.organization.id,
        event_type: 'work-zone',
        road_names: roadNames.length > 0 ? roadNames : ['Unnamed road'],
        direction: DIRECTIONS[closure.direction] ?? 'unknown',
        name: closure.external_id ?? closure.id,
        description: closure.description,
        update_date: updatedAt,
      },
      start_date: start,
      end_date: closure.end_time ?? start,
      location_method: closure.location_method ?? 'unknown',
      vehicle_impact: closure.vehicle_impact ?? 'unknown',
      is_start_position_verified: false,
      is_end_position_verified: false,
      // The dashboard's times are planned, not confirmed on site.
      is_start_date_verified: false,
      is_end_date_verified: false,
    },
    geometry: {
      type: 'LineString',
      coordinates: closure.geocoded_route.map((point) => [point.lng, point.lat]),
    },
  };
}

function isoSeconds(time: number): string {
  return new Date(Math.floor(time / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Both feeds' `feed_info`: the simulator publishes for every WZDx organization. */
function feedInfo(sources: readonly WzdxDataSource[], updatedAt: string) {
  return {
    update_date: updatedAt,
    publisher: 'Fleet operations simulator',
    version: '4.2',
    update_frequency: 60,
    data_sources: sources.map((source) => ({ ...source, update_date: updatedAt })),
  };
}

export function wzdxFeed(closures: readonly ClosureJson[], sources: readonly WzdxDataSource[], now: number) {
  const updatedAt = isoSeconds(now);
  return {
    feed_info: feedInfo(sources, updatedAt),
    type: 'FeatureCollection',
    features: closures.filter(isPublished).map((closure) => roadEvent(closure, updatedAt)),
  };
}

/** The WZDx 4.2 device feed (DeviceFeed.json) of the WZDx-enabled field devices. */
export function wzdxDeviceFeed(
  devices: readonly FieldDeviceInput[],
  sources: readonly WzdxDataSource[],
  now: number,
) {
  return {
    feed_info: feedInfo(sources, isoSeconds(now)),
    type: 'FeatureCollection',
    features: devices
      .map(fieldDeviceFeature)
      .filter((feature): feature is FieldDeviceFeature => feature !== null),
  };
}
