// The closure form ("Create Closure" / "Edit Closure", live §2 "Closures" form, §4 "Closure status" form modes, §5
// "Closure", §8 "Closure save"): its values, their defaults for a new or an existing closure, the field errors in
// the product's words, the save body (live §7 "Closure save body", sent as the server's snake_case) and the save
// error texts. Read top to bottom: values, defaults, errors, body, answers. Time and the time zone are arguments.
import type { Closure, ClosureDirection, ClosureType, RoutePoint } from './closure.ts';
import { LOCATION_METHODS, VEHICLE_IMPACTS } from './closure.ts';
import {
  ALERT_MESSAGE_MAX_LENGTH,
  ALERT_MESSAGE_TOO_LONG,
  DESCRIPTION_MAX_LENGTH,
  WZDX_ID_MAX_LENGTH,
  type ClosureSave,
} from './closureRecord.ts';
import { ACTIVE_CLOSURE_MAX_MONTHS, END_DATE_REQUIRED, ROUTE_MISSING } from './closureRules.ts';
import { addMonthsInZone } from '#domain/units/zonedTime';

// ---------------------------------------------------------------------------------------------
// Values

/** Active: runs now until its end. Scheduled: the Scheduler's start and end. Inactive: neither (standby). */
export type ClosureStatusMode = 'active' | 'scheduled' | 'inactive';

export type ClosureFormValues = {
  closureType: ClosureType;
  /** "Display Closure": the closure is in service. */
  inService: boolean;
  description: string;
  alertMessage: string;
  direction: ClosureDirection | '';
  impactedLanes: number[];
  associatedAsset: boolean;
  thingId: string | null;
  /** The two points the user placed (start, end) and the road path the directions service found between them. */
  userRoute: RoutePoint[];
  routePath: RoutePoint[];
  streetStart: string;
  streetEnd: string;
  statusMode: ClosureStatusMode;
  /** Unix ms; the Active option's end. */
  activeEnd: number | null;
  scheduleStart: number | null;
  scheduleEnd: number | null;
  isPublishOn: boolean;
  wzdxId: string;
  locationMethod: string;
  vehicleImpact: string;
  groupId: string;
};

export const IMPACTED_LANE_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const LANE_GUIDANCE = 'Lane 1 is the left-most lane';

export const DIRECTION_LABELS: Readonly<Record<ClosureDirection, string>> = {
  N: 'North',
  S: 'South',
  E: 'East',
  W: 'West',
};

export const LOCATION_METHOD_CHOICES = LOCATION_METHODS;
export const VEHICLE_IMPACT_CHOICES = VEHICLE_IMPACTS;

// ---------------------------------------------------------------------------------------------
// Defaults

export const NEW_CLOSURE_VALUES: ClosureFormValues = {
  closureType: 'manual',
  inService: true,
  description: '',
  alertMessage: '',
  direction: '',
  impactedLanes: [],
  associatedAsset: false,
  thingId: null,
  userRoute: [],
  routePath: [],
  streetStart: '',
  streetEnd: '',
  statusMode: 'inactive',
  activeEnd: null,
  scheduleStart: null,
  scheduleEnd: null,
  isPublishOn: false,
  wzdxId: '',
  locationMethod: '',
  vehicleImpact: '',
  groupId: '',
};

/** The mode a saved closure reads as: a start still ahead is the Scheduler's, an active one the Active option's. */
export function statusModeOf(closure: Closure, now: number): ClosureStatusMode {
  if (closure.startTime !== null && closure.startTime > now && closure.endTime !== null) return 'scheduled';
  return closure.isActive ? 'active' : 'inactive';
}

export function closureFormValues(closure: Closure, now: number): ClosureFormValues {
  const statusMode = statusModeOf(closure, now);
  const userRoute =
    closure.userRoute.length >= 2
      ? closure.userRoute
      : [closure.routePath[0], closure.routePath[closure.routePath.length - 1]].filter(
          (point): point is RoutePoint => point !== undefined,
        );
  return {
    closureType: closure.closureType,
    inService: closure.inService,
    description: closure.description,
    alertMessage: closure.alertMessage,
    direction: closure.direction ?? '',
    impactedLanes: [...closure.impactedLanes],
    associatedAsset: closure.thingId !== null,
    thingId: closure.thingId,
    userRoute,
    routePath: closure.routePath,
    streetStart: closure.streetStart,
    streetEnd: closure.streetEnd,
    statusMode,
    activeEnd: statusMode === 'active' ? closure.endTime : null,
    scheduleStart: statusMode === 'scheduled' ? closure.startTime : null,
    scheduleEnd: statusMode === 'scheduled' ? closure.endTime : null,
    isPublishOn: closure.isPublishOn,
    wzdxId: closure.wzdxId,
    locationMethod: closure.locationMethod,
    vehicleImpact: closure.vehicleImpact,
    groupId: closure.groupId,
  };
}

// ---------------------------------------------------------------------------------------------
// Errors (live §5; where the document shows no text, ours name the field)

export type ClosureFormField =
  | 'description'
  | 'alertMessage'
  | 'direction'
  | 'thingId'
  | 'route'
  | 'activeEnd'
  | 'scheduleStart'
  | 'scheduleEnd'
  | 'wzdxId'
  | 'locationMethod'
  | 'vehicleImpact'
  | 'groupId';

export type ClosureFormErrors = Partial<Record<ClosureFormField, string>>;

export type ClosureFormContext = { now: number; timeZone: string; isWzdxOrg: boolean };

export const DESCRIPTION_REQUIRED = 'Description is required';
export const DESCRIPTION_TOO_LONG = `${DESCRIPTION_MAX_LENGTH} Max Characters`;
export const DIRECTION_REQUIRED = 'Direction of Travel is required';
export const ASSET_REQUIRED = 'Please select an Asset';
export const END_DATE_TOO_FAR = `End date must be within ${ACTIVE_CLOSURE_MAX_MONTHS} months`;
export const END_DATE_PASSED = 'End date must be in the future';
export const START_DATE_REQUIRED = 'Start date required';
export const END_BEFORE_START = 'End date must be after the start date';
export const WZDX_ID_REQUIRED = 'Unique ID is required';
export const WZDX_ID_TOO_LONG = `${WZDX_ID_MAX_LENGTH} Max Characters`;
export const LOCATION_METHOD_REQUIRED = 'Location Method is required';
export const VEHICLE_IMPACT_REQUIRED = 'Vehicle Impact is required';
export const GROUP_ID_TOO_LONG = '100 Max Characters';

function endProblem(end: number | null, context: ClosureFormContext): string | null {
  if (end === null) return END_DATE_REQUIRED;
  if (end <= context.now) return END_DATE_PASSED;
  if (end > addMonthsInZone(context.now, ACTIVE_CLOSURE_MAX_MONTHS, context.timeZone))
    return END_DATE_TOO_FAR;
  return null;
}

export function closureFormErrors(values: ClosureFormValues, context: ClosureFormContext): ClosureFormErrors {
  const errors: ClosureFormErrors = {};
  const description = values.description.trim();
  if (description === '') errors.description = DESCRIPTION_REQUIRED;
  else if (values.description.length > DESCRIPTION_MAX_LENGTH) errors.description = DESCRIPTION_TOO_LONG;
  if (values.alertMessage.length > ALERT_MESSAGE_MAX_LENGTH) errors.alertMessage = ALERT_MESSAGE_TOO_LONG;
  if (context.isWzdxOrg && values.direction === '') errors.direction = DIRECTION_REQUIRED;
  if ((values.associatedAsset || values.closureType === 'automated') && !values.thingId)
    errors.thingId = ASSET_REQUIRED;
  if (values.userRoute.length < 2 || values.routePath.length < 2) errors.route = ROUTE_MISSING;
  if (values.closureType !== 'automated') {
    if (values.statusMode === 'active') {
      const problem = endProblem(values.activeEnd, context);
      if (problem) errors.activeEnd = problem;
    } else if (values.statusMode === 'scheduled') {
      if (values.scheduleStart === null) errors.scheduleStart = START_DATE_REQUIRED;
      const problem = endProblem(values.scheduleEnd, context);
      if (problem) errors.scheduleEnd = problem;
      else if (
        values.scheduleStart !== null &&
        values.scheduleEnd !== null &&
        values.scheduleEnd <= values.scheduleStart
      )
        errors.scheduleEnd = END_BEFORE_START;
    }
  }
  if (values.isPublishOn) {
    if (values.wzdxId.trim() === '') errors.wzdxId = WZDX_ID_REQUIRED;
    else if (values.wzdxId.length > WZDX_ID_MAX_LENGTH) errors.wzdxId = WZDX_ID_TOO_LONG;
    if (!(LOCATION_METHODS as readonly string[]).includes(values.locationMethod))
      errors.locationMethod = LOCATION_METHOD_REQUIRED;
    if (!(VEHICLE_IMPACTS as readonly string[]).includes(values.vehicleImpact))
      errors.vehicleImpact = VEHICLE_IMPACT_REQUIRED;
  }
  if (values.groupId.length > 100) errors.groupId = GROUP_ID_TOO_LONG;
  return errors;
}

// ---------------------------------------------------------------------------------------------
// The save body

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Start, end and the active flag of each mode (live §4 "Form modes"). */
function statusFields(values: ClosureFormValues, now: number) {
  switch (values.statusMode) {
    case 'active':
      return { is_active: true, start_time: iso(now), end_time: iso(values.activeEnd) };
    case 'scheduled':
      return {
        is_active: values.scheduleStart !== null && values.scheduleStart <= now,
        start_time: iso(values.scheduleStart),
        end_time: iso(values.scheduleEnd),
      };
    case 'inactive':
      return { is_active: false, start_time: null, end_time: null };
    default: {
      const unexpected: never = values.statusMode;
      throw new Error(`Unknown status mode ${String(unexpected)}`);
    }
  }
}

const routeBody = (points: readonly RoutePoint[]) =>
  points.map((point) => ({ lat: point.lat, lng: point.lng }));

/**
 * The body of a whole-form save. An automated closure keeps its active flag from its asset (live §4: "on save their
 * active flag is set from whether the asset has active closures"), passed as `assetActive`.
 */
export function closureSaveBody(
  values: ClosureFormValues,
  options: { id: string | null; now: number; assetActive?: boolean },
): ClosureSave {
  const status =
    values.closureType === 'automated'
      ? { is_active: options.assetActive ?? false, start_time: null, end_time: null }
      : statusFields(values, options.now);
  const withAsset = values.associatedAsset || values.closureType === 'automated';
  return {
    ...(options.id === null ? {} : { uuid: options.id }),
    is_dashboard_managed: true,
    is_in_service: values.inService,
    closure_type: values.closureType,
    thing_id: withAsset ? values.thingId : null,
    description: values.description.trim(),
    alert_message: values.alertMessage,
    direction: values.direction,
    impacted_lanes: [...values.impactedLanes].sort((a, b) => a - b),
    geocoded_route: routeBody(values.routePath),
    calculated_route: routeBody(values.routePath),
    user_route: routeBody(values.userRoute),
    street_start: values.streetStart,
    street_end: values.streetEnd,
    ...status,
    is_wzdx_compliant: values.isPublishOn,
    external_id: values.wzdxId.trim() === '' ? null : values.wzdxId.trim(),
    location_method: values.locationMethod === '' ? null : values.locationMethod,
    vehicle_impact: values.vehicleImpact === '' ? null : values.vehicleImpact,
    group_id: values.groupId.trim() === '' ? null : values.groupId.trim(),
  };
}

// ---------------------------------------------------------------------------------------------
// Answers (live §8 "Closure save", "Closure activation", "Closure load")

export const CLOSURE_NOT_FOUND_TEXT = 'Closure not found';
export const WZDX_ID_IN_USE = 'ID is already in use. Please select a new ID';
export const NOT_MANAGED_BY_DASHBOARD = 'Closure not managed by Dashboard';
export const UNABLE_TO_SAVE = 'Unable to save Closure';
export const UNABLE_TO_ACTIVATE = 'Unable to Activate/Deactivate';
export const UNABLE_TO_DELETE = 'Unable to delete Closure';
export const CLOSURE_CONNECTION_FAILED = 'Connection failed';
export const MANAGED_BY_FEED = 'Managed by WZDx feed';

export function closureSaveError(status: number, text: string): string {
  if (status === 0) return CLOSURE_CONNECTION_FAILED;
  if (status === 404) return CLOSURE_NOT_FOUND_TEXT;
  if (status === 422 && text.includes('violates unique')) return WZDX_ID_IN_USE;
  if (status === 422 && text.includes('not managed')) return NOT_MANAGED_BY_DASHBOARD;
  return UNABLE_TO_SAVE;
}

export function closureDeleteError(status: number): string {
  if (status === 0) return CLOSURE_CONNECTION_FAILED;
  return UNABLE_TO_DELETE;
}

export function closureLoadError(status: number): string {
  if (status === 0) return CLOSURE_CONNECTION_FAILED;
  return status === 404 ? 'Organization not found' : 'Unable to load Closures';
}

/**
 * A WZDx enumeration as words for people ("channel-device-method" → "Channel device method", "all-lanes-closed" →
 * "All lanes closed"): the detail and the form's choices show these, the wire and the feed keep the codes.
 */
export function wzdxWords(code: string): string {
  const words = code.replace(/[-_]+/g, ' ').trim();
  return words === '' ? '' : words.charAt(0).toUpperCase() + words.slice(1);
}
