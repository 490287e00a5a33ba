// The any-of permission rules of live §6 for the live-operations writes, shared by the simulator's guards and the
// dashboard's controls, and who sees the alarm queue. Reading things is in rolePermissions.ts.
import { VIEW_THINGS } from './rolePermissions.ts';

const STAFF = 'haas:manage';

export const EDIT_THING: readonly string[] = ['thing:update', 'thing:manage'];
export const INVOKE_R2R: readonly string[] = ['thing:invoke_r2r'];
export const CHANGE_LIGHT_INTENSITY: readonly string[] = ['thing:ha5_light_intensity_change'];

export const VIEW_EVENTS: readonly string[] = ['incident:read', STAFF];
export const EDIT_EVENT: readonly string[] = ['incident:update', STAFF];

export const VIEW_AREAS: readonly string[] = ['exclusion:read', 'exclusion:manage', STAFF];
/**
 * Live §6 "add area": exclusion create/manage or organization-wide manage. Provider staff too: they administer
 * every organization's areas (the autonomous-vehicle ones only they may edit). The route gate reads this list.
 */
export const ADD_AREA: readonly string[] = [
  'exclusion:create',
  'exclusion:manage',
  'organization:manage',
  STAFF,
];
export const EDIT_AREA: readonly string[] = ['exclusion:update', 'exclusion:manage', STAFF];
export const DELETE_AREA: readonly string[] = ['exclusion:update', 'exclusion:manage', STAFF];

export const VIEW_CLOSURES: readonly string[] = ['closure:read', 'closure:manage', STAFF];
export const ADD_CLOSURE: readonly string[] = ['closure:create', 'closure:manage'];
export const EDIT_CLOSURE: readonly string[] = ['closure:update', 'closure:manage'];
export const DELETE_CLOSURE: readonly string[] = ['closure:delete', 'closure:manage'];

export const VIEW_ZONES: readonly string[] = ['zone:read', 'zone:manage', STAFF];
export const MANAGE_ZONES: readonly string[] = ['zone:manage', STAFF];

/** Areas of autonomous-vehicle types are edited by provider staff only (live §6 "edit area"). */
export const EDIT_AUTONOMOUS_VEHICLE_AREA: readonly string[] = [STAFF];

/**
 * Acknowledging an alarm is a dispatcher's act (issue 34 item 6): it records who handled it for the whole
 * organization. Only roles that may edit the organization's operations do it; Media sees the queue read only.
 */
export const ACKNOWLEDGE_ALARMS: readonly string[] = [
  'incident:update',
  'thing:update',
  'thing:manage',
  'closure:update',
  'closure:manage',
  'exclusion:update',
  'exclusion:manage',
  'zone:manage',
  STAFF,
];

/** R2R alerts are seen by whoever may invoke R2R or test it, and by provider staff (docs/decisions.md). */
export const VIEW_R2R_ALERTS: readonly string[] = [...INVOKE_R2R, 'engineer:test', STAFF];

/**
 * What shows each alarm's subject (docs/decisions.md "Alarms: who sees which"): an alarm kind is seen by whoever
 * sees its subject (domain/alarms/alarmRules.ts picks each kind's list from here). Here, below the alarms, so the
 * route table can gate the queue without importing them.
 */
export const ALARM_SUBJECT_PERMISSIONS = {
  asset: VIEW_THINGS,
  zone: VIEW_ZONES,
  incident: VIEW_EVENTS,
  r2r: VIEW_R2R_ALERTS,
  closure: VIEW_CLOSURES,
} as const satisfies Record<string, readonly string[]>;

/** Whoever sees at least one kind of alarm may open the queue. */
export const VIEW_ALARMS: readonly string[] = [...new Set(Object.values(ALARM_SUBJECT_PERMISSIONS).flat())];
