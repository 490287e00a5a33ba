// The WZDx 4.2 feeds (DESIGN §4). The work-zone feed: each closure published to WZDx with an end time becomes a
// work-zone road event whose geometry is the closure's road path, first coordinate upstream (the path runs from
// the start the user placed to the end, in the direction of travel), times in UTC, and its impacted lanes listed
// with lane 1 the left-most (WZDx `Lane.order`). A published closure that stops — deactivated, or past its end —
// stays in the feed for FINISHED_KEPT_MS (two refresh cycles) with its end, so every consumer polling at the
// feed's update frequency sees it finish (the WZDx business rules). The device feed: the WZDx-enabled field
// devices (domain/wzdx/fieldDevices.ts), whose road event ids point into the work-zone feed.
import {
  fieldDeviceFeature,
  type FieldDeviceFeature,
  type FieldDeviceInput,
} from '#domain/wzdx/fieldDevices';
import type { ClosureRecord } from '#domain/closures/closureRecord';

const DIRECTIONS: Readonly<Record<string, string>> = {
  N: 'northbound',
  E: 'eastbound',
  S: 'southbound',
  W: 'westbound',
};

export type WzdxDataSource = { data_source_id: string; organization_name: string };

export const UPDATE_FREQUENCY_SECONDS = 60;
/** How long a finished road event stays in the feed: two refresh cycles. */
export const FINISHED_KEPT_MS = 2 * UPDATE_FREQUENCY_SECONDS * 1000;

/** A closure as the feed reads it: the record and when it was last saved (unix ms). */
export type FeedClosure = { closure: ClosureRecord; updatedAt: number };

/** Closures that belong in the feed: published, with a WZDx id, a road path and an end time. */
export function isPublished(closure: ClosureRecord): boolean {
  return (
    closure.is_wzdx_compliant &&
    closure.external_id !== null &&
    closure.geocoded_route.length >= 2 &&
    closure.end_time !== null
  );
}

/** Lanes 1 to the highest impacted one, lane 1 the left-most: impacted lanes closed, the others open. */
export function wzdxLanes(impactedLanes: readonly number[]) {
  const highest = Math.max(0, ...impactedLanes);
  return Array.from({ length: highest }, (_, index) => ({
    order: index + 1,
    type: 'general',
    status: impactedLanes.includes(index + 1) ? 'closed' : 'open',
  }));
}

/** When a published closure's road event ends in the feed, or null while it has no end (not in the feed). */
function eventEnd(entry: FeedClosure): number | null {
  const { closure, updatedAt } = entry;
  if (closure.end_time !== null) return Date.parse(closure.end_time);
  // Deactivated: the event finished when the closure was last saved, if it ever ran.
  const ran = closure.last_start_time ?? closure.start_time;
  return !closure.is_active && ran !== null ? updatedAt : null;
}

function roadEvent(closure: ClosureRecord, updatedAt: string, end: string) {
  const roadNames = [
    ...new Set([closure.street_start, closure.street_end].filter((name): name is string => !!name)),
  ];
  const start = closure.start_time ?? closure.last_start_time ?? closure.activation_time ?? updatedAt;
  const lanes = wzdxLanes(closure.impacted_lanes);
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
      // A finished event may have been saved before its recorded start (a deactivation right after a save).
      end_date: Date.parse(end) < Date.parse(start) ? start : end,
      location_method: closure.location_method ?? 'unknown',
      vehicle_impact: closure.vehicle_impact ?? 'unknown',
      is_start_position_verified: false,
      is_end_position_verified: false,
      // The dashboard's times are planned, not confirmed on site.
      is_start_date_verified: false,
      is_end_date_verified: false,
      ...(lanes.length > 0 ? { lanes } : {}),
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
    update_frequency: UPDATE_FREQUENCY_SECONDS,
    data_sources: sources.map((source) => ({ ...source, update_date: updatedAt })),
  };
}

export function wzdxFeed(closures: readonly FeedClosure[], sources: readonly WzdxDataSource[], now: number) {
  const updatedAt = isoSeconds(now);
  const features = closures.flatMap((entry) => {
    const { closure } = entry;
    if (!closure.is_wzdx_compliant || closure.external_id === null || closure.geocoded_route.length < 2)
      return [];
    const end = eventEnd(entry);
    if (end === null || end < now - FINISHED_KEPT_MS) return [];
    return [roadEvent(closure, updatedAt, new Date(end).toISOString())];
  });
  return { feed_info: feedInfo(sources, updatedAt), type: 'FeatureCollection', features };
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
