// What a closure save must satisfy (live §5 "Closure", "Closure publishing"), judged on the body the dashboard
// sends (`POST`/`PUT /organization/closure`, wire names). The quick Activate/Deactivate update has its own rule.
import { addMonths } from 'date-fns';
import { isValidLatitude, isValidLongitude } from '#domain/units/coordinates';
import {
  CLOSURE_DIRECTIONS,
  CLOSURE_TYPES,
  LOCATION_METHODS,
  VEHICLE_IMPACTS,
  type ClosureType,
} from './closure.ts';

export const DESCRIPTION_MAX_LENGTH = 100;
export const ALERT_MESSAGE_MAX_LENGTH = 40;
export const WZDX_ID_MAX_LENGTH = 100;
export const ACTIVE_CLOSURE_MAX_MONTHS = 3;

export const ALERT_MESSAGE_TOO_LONG = '40 Max Characters';
export const ROUTE_MISSING =
  "ERROR: Please create new Closure on map. Click 'View Instructions' above if needed.";
export const END_DATE_REQUIRED = 'End date required';

export type RoutePointWrite = { lat: number; lng?: number; lon?: number };

export type ClosureWrite = {
  uuid?: string;
  is_dashboard_managed?: boolean;
  is_in_service: boolean;
  closure_type: ClosureType;
  thing_id?: string | null;
  description: string;
  alert_message?: string | null;
  direction?: string | null;
  impacted_lanes?: number[];
  geocoded_route?: RoutePointWrite[] | null;
  calculated_route?: RoutePointWrite[] | null;
  user_route?: RoutePointWrite[] | null;
  street_start?: string | null;
  street_end?: string | null;
  is_active: boolean;
  start_time?: string | null;
  end_time?: string | null;
  is_wzdx_compliant?: boolean;
  external_id?: string | null;
  location_method?: string | null;
  vehicle_impact?: string | null;
  group_id?: string | null;
};

export type ClosureQuickUpdateWrite = { uuid?: string; is_active: boolean; end_time?: string | null };

export type ClosureRuleContext = { now: number; isWzdxOrg: boolean };

function routeProblems(field: string, route: readonly RoutePointWrite[]): string[] {
  const problems: string[] = [];
  route.forEach((point, index) => {
    const lng = point.lng ?? point.lon;
    if (!isValidLatitude(point.lat) || lng === undefined || !isValidLongitude(lng))
      problems.push(`${field}[${index}]: needs lat -90..90 and lng -180..180`);
  });
  return problems;
}

/** The end of an active closure: required, readable and at most three months ahead. */
function endTimeProblems(isActive: boolean, endTime: string | null | undefined, now: number): string[] {
  if (!endTime) return isActive ? [`end_time: ${END_DATE_REQUIRED}`] : [];
  const end = Date.parse(endTime);
  if (Number.isNaN(end)) return ['end_time: must be an ISO 8601 time'];
  if (isActive && end > addMonths(now, ACTIVE_CLOSURE_MAX_MONTHS).getTime())
    return [`end_time: must be at most ${ACTIVE_CLOSURE_MAX_MONTHS} months ahead`];
  return [];
}

export function closureProblems(write: ClosureWrite, context: ClosureRuleContext): string[] {
  const problems: string[] = [];
  if (!(CLOSURE_TYPES as readonly string[]).includes(write.closure_type))
    problems.push('closure_type: must be manual, automated or feed');
  const description = write.description.trim();
  if (description === '') problems.push('description: is required');
  if (write.description.length > DESCRIPTION_MAX_LENGTH)
    problems.push(`description: at most ${DESCRIPTION_MAX_LENGTH} characters`);
  if ((write.alert_message ?? '').length > ALERT_MESSAGE_MAX_LENGTH)
    problems.push(`alert_message: ${ALERT_MESSAGE_TOO_LONG}`);
  if (write.closure_type === 'automated' && !write.thing_id)
    problems.push('thing_id: an automated closure needs an asset');
  const direction = write.direction ?? '';
  if (direction !== '' && !(CLOSURE_DIRECTIONS as readonly string[]).includes(direction))
    problems.push('direction: must be N, E, S or W');
  if (context.isWzdxOrg && direction === '') problems.push('direction: is required for WZDx organizations');
  const lanes = write.impacted_lanes ?? [];
  if (lanes.some((lane) => !Number.isInteger(lane) || lane < 1 || lane > 9))
    problems.push('impacted_lanes: lanes are 1 to 9');
  if (new Set(lanes).size !== lanes.length) problems.push('impacted_lanes: each lane once');
  const route = write.geocoded_route ?? [];
  if (route.length < 2) problems.push(`geocoded_route: ${ROUTE_MISSING}`);
  problems.push(...routeProblems('geocoded_route', route));
  problems.push(...routeProblems('calculated_route', write.calculated_route ?? []));
  const userRoute = write.user_route ?? [];
  if (userRoute.length === 1) problems.push('user_route: at least 2 points');
  problems.push(...routeProblems('user_route', userRoute));
  if (write.start_time && Number.isNaN(Date.parse(write.start_time)))
    problems.push('start_time: must be an ISO 8601 time');
  problems.push(...endTimeProblems(write.is_active, write.end_time, context.now));
  if (write.is_wzdx_compliant === true) problems.push(...publishingProblems(write));
  else if ((write.external_id ?? '').length > WZDX_ID_MAX_LENGTH)
    problems.push(`external_id: at most ${WZDX_ID_MAX_LENGTH} characters`);
  return problems;
}

function publishingProblems(write: ClosureWrite): string[] {
  const problems: string[] = [];
  const wzdxId = (write.external_id ?? '').trim();
  if (wzdxId === '') problems.push('external_id: a WZDx ID is required when publishing');
  if (wzdxId.length > WZDX_ID_MAX_LENGTH)
    problems.push(`external_id: at most ${WZDX_ID_MAX_LENGTH} characters`);
  if (!(LOCATION_METHODS as readonly string[]).includes(write.location_method ?? ''))
    problems.push('location_method: is required when publishing');
  if (!(VEHICLE_IMPACTS as readonly string[]).includes(write.vehicle_impact ?? ''))
    problems.push('vehicle_impact: is required when publishing');
  return problems;
}

/** The quick Activate/Deactivate update: only the active flag and the end time. */
export function closureQuickUpdateProblems(write: ClosureQuickUpdateWrite, now: number): string[] {
  return endTimeProblems(write.is_active, write.end_time, now);
}

/** A body that carries only the id, the active flag and the end time is the list's quick switch. */
export function isQuickUpdate(body: Record<string, unknown>): boolean {
  return Object.keys(body).every(
    (key) => key === 'uuid' || key === 'id' || key === 'is_active' || key === 'end_time',
  );
}
