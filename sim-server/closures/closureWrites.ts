// Turns the closure body the dashboard sends (live §7 "Closure save body") into the stored wire record: routes
// truncated to 7 decimals, the organization and asset as the list shows them, and the activation times kept
// across edits.
import { truncateCoordinate } from '#domain/units/coordinates';
import type { ClosureOrganizationRef, RoutePointWrite } from '#domain/closures/closureRecord';
import type { ClosureWrite } from '#domain/closures/closureRules';
import type { ClosureRecord, ClosureThingRecord, RoutePointRecord } from '#domain/closures/closureRecord';

export type { ClosureOrganizationRef };

function route(points: readonly RoutePointWrite[] | null | undefined): RoutePointRecord[] {
  return (points ?? []).map((point) => ({
    lat: truncateCoordinate(point.lat),
    lng: truncateCoordinate(point.lng ?? point.lon ?? 0),
  }));
}

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === '' ? null : value;

export function closureRecord(input: {
  id: string;
  write: ClosureWrite;
  organization: ClosureOrganizationRef;
  thing: ClosureThingRecord | null;
  previous: ClosureRecord | null;
  now: number;
}): ClosureRecord {
  const { id, write, organization, thing, previous, now } = input;
  const nowIso = new Date(now).toISOString();
  const becameActive = write.is_active && !(previous?.is_active ?? false);
  const normalisedTime = (value: string | null | undefined) =>
    value ? new Date(Date.parse(value)).toISOString() : null;
  return {
    id,
    uuid: id,
    closure_type: write.closure_type,
    is_active: write.is_active,
    is_in_service: write.is_in_service,
    description: write.description.trim(),
    alert_message: blankToNull(write.alert_message),
    direction: write.direction ?? '',
    impacted_lanes: [...(write.impacted_lanes ?? [])].sort((a, b) => a - b),
    street_start: blankToNull(write.street_start),
    street_end: blankToNull(write.street_end),
    external_id: blankToNull(write.external_id?.trim()),
    geocoded_route: route(write.geocoded_route),
    calculated_route: route(write.calculated_route ?? write.geocoded_route),
    user_route: route(write.user_route),
    start_time: normalisedTime(write.start_time) ?? (write.is_active ? nowIso : null),
    end_time: normalisedTime(write.end_time),
    last_start_time: becameActive ? nowIso : (previous?.last_start_time ?? null),
    activation_time: becameActive ? nowIso : (previous?.activation_time ?? null),
    is_wzdx_compliant: write.is_wzdx_compliant ?? false,
    is_dashboard_managed: true,
    location_method: blankToNull(write.location_method),
    vehicle_impact: blankToNull(write.vehicle_impact),
    group_id: blankToNull(write.group_id),
    organization,
    thing,
    thing_id: thing?.id ?? null,
    things_associated: thing ? [thing.id] : [],
  };
}

/** The quick switch: only the active flag and end time change. */
export function quicklyUpdatedClosure(
  previous: ClosureRecord,
  isActive: boolean,
  endTime: string | null | undefined,
  now: number,
): ClosureRecord {
  const nowIso = new Date(now).toISOString();
  const becameActive = isActive && !previous.is_active;
  return {
    ...previous,
    is_active: isActive,
    end_time: endTime ? new Date(Date.parse(endTime)).toISOString() : null,
    start_time: becameActive ? nowIso : previous.start_time,
    last_start_time: becameActive ? nowIso : previous.last_start_time,
    activation_time: becameActive ? nowIso : previous.activation_time,
  };
}
