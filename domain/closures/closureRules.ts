// What a closure save must satisfy beyond its fields (live §5 "Closure", "Closure publishing"): the rules that need
// other fields, the time or the organization. The fields' own rules and texts are pipes of the save body
// (closureRecord.ts). The quick Activate/Deactivate update has its own rule, and the body the switch sends is built
// here (`closureQuickUpdate`). Time zones are IANA names passed in.
import type { ClosureSave } from './closureRecord.ts';
import { LOCATION_METHODS, VEHICLE_IMPACTS, type ClosureType } from './closure.ts';
import { addMonthsInZone } from '#domain/units/zonedTime';

export const ACTIVE_CLOSURE_MAX_MONTHS = 3;

export const ROUTE_MISSING =
  "ERROR: Please create new Closure on map. Click 'View Instructions' above if needed.";
export const END_DATE_REQUIRED = 'End date required';

/** The whole form: a save body with the fields the quick switch leaves out. */
export type ClosureWrite = ClosureSave & {
  closure_type: ClosureType;
  description: string;
  is_in_service: boolean;
};

/** The quick switch's body: only the active flag and the end time (and the id). */
export type ClosureQuickUpdateWrite = Pick<ClosureSave, 'uuid' | 'is_active' | 'end_time'>;

/** `now` in unix ms; `timeZone` the organization's IANA zone, in which "three months ahead" is counted. */
export type ClosureRuleContext = { now: number; isWzdxOrg: boolean; timeZone: string };

const FULL_FORM_FIELDS = ['closure_type', 'description', 'is_in_service'] as const;

/** Whether the body is the whole form; otherwise its missing fields, each "field: is required". */
export function missingFormFields(save: ClosureSave): string[] {
  return FULL_FORM_FIELDS.filter((field) => save[field] === undefined).map(
    (field) => `${field}: is required`,
  );
}

/** The end of an active closure: required, and at most three months ahead on the organization's calendar. */
function endTimeProblems(
  isActive: boolean,
  endTime: string | null | undefined,
  now: number,
  timeZone: string,
): string[] {
  if (!endTime) return isActive ? [`end_time: ${END_DATE_REQUIRED}`] : [];
  if (isActive && Date.parse(endTime) > addMonthsInZone(now, ACTIVE_CLOSURE_MAX_MONTHS, timeZone))
    return [`end_time: must be at most ${ACTIVE_CLOSURE_MAX_MONTHS} months ahead`];
  return [];
}

/** Problems of a whole-form save that its fields alone do not show, each "field: text"; empty when it may be saved. */
export function closureProblems(write: ClosureWrite, context: ClosureRuleContext): string[] {
  const problems: string[] = [];
  if (write.closure_type === 'automated' && !write.thing_id)
    problems.push('thing_id: an automated closure needs an asset');
  if (context.isWzdxOrg && !write.direction) problems.push('direction: is required for WZDx organizations');
  if ((write.geocoded_route ?? []).length < 2) problems.push(`geocoded_route: ${ROUTE_MISSING}`);
  if ((write.user_route ?? []).length === 1) problems.push('user_route: at least 2 points');
  problems.push(...endTimeProblems(write.is_active, write.end_time, context.now, context.timeZone));
  if (write.is_wzdx_compliant === true) problems.push(...publishingProblems(write));
  return problems;
}

function publishingProblems(write: ClosureWrite): string[] {
  const problems: string[] = [];
  if ((write.external_id ?? '').trim() === '')
    problems.push('external_id: a WZDx ID is required when publishing');
  if (!(LOCATION_METHODS as readonly string[]).includes(write.location_method ?? ''))
    problems.push('location_method: is required when publishing');
  if (!(VEHICLE_IMPACTS as readonly string[]).includes(write.vehicle_impact ?? ''))
    problems.push('vehicle_impact: is required when publishing');
  return problems;
}

/** The quick Activate/Deactivate update: only the active flag and the end time. */
export function closureQuickUpdateProblems(
  write: ClosureQuickUpdateWrite,
  now: number,
  timeZone: string,
): string[] {
  return endTimeProblems(write.is_active, write.end_time, now, timeZone);
}

/** A body that carries only the id, the active flag and the end time is the list's quick switch. */
export function isQuickUpdate(body: Record<string, unknown>): boolean {
  return Object.keys(body).every(
    (key) => key === 'uuid' || key === 'id' || key === 'is_active' || key === 'end_time',
  );
}

// The manual Activate/Deactivate switch: a quick update that sends only id, active flag and end time.

export type ClosureQuickUpdate = { uuid: string; is_active: boolean; end_time: string | null };

/** Activate runs for a month from now on the calendar of `timeZone` (IANA); Deactivate clears the end time. */
export function closureQuickUpdate(
  closureId: string,
  activate: boolean,
  now: number,
  timeZone: string,
): ClosureQuickUpdate {
  return {
    uuid: closureId,
    is_active: activate,
    end_time: activate ? new Date(addMonthsInZone(now, 1, timeZone)).toISOString() : null,
  };
}
