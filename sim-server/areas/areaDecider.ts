// Deciding area writes (live §7: create, update, delete exclusion zones, points of interest and stations) and
// folding area events, without IO. Bad shapes are refused with the provider's texts ("invalid", "too large"), which
// the dashboard translates (live §8); autonomous-vehicle areas are written by provider staff only. Who may write an
// area (live §6 "add/edit/delete area"): the caller's own organization or one it manages; provider staff may also
// write (create, update, delete alike) the areas of organizations they only access — the product's "or provider-staff".
import { areaProblems, exclusionShapeVerdict } from '#domain/areas/areaRules';
import type {
  AreaPointRecord,
  AreaPointWrite,
  AreaRecord,
  AreaSave,
  AreaTypeRecord,
} from '#domain/areas/areaRecord';
import { truncateCoordinate } from '#domain/units/coordinates';
import {
  accept,
  badRequest,
  FORBIDDEN,
  notFound,
  ORGANIZATION_NOT_FOUND_REFUSAL,
  refuse,
  unprocessable,
  type CallerReach,
  type Decision,
  type DecisionContext,
} from '../kernel/decision.ts';
import type { SimEvent } from '../store/events.ts';

export const AREA_NOT_FOUND = 'Area not found';
export const AUTONOMOUS_VEHICLE_AREAS_FOR_STAFF = 'Autonomous-vehicle areas are edited by provider staff';
/** Stations drawn as a point get the product's default station radius (live §3). */
export const STATION_RADIUS_METRES = 100;

/** The caller's reach, and whether it may write autonomous-vehicle areas (provider staff). */
export type AreaCaller = CallerReach & { isStaff: boolean };

export type AreaCommand =
  | { type: 'CreateArea'; caller: AreaCaller; organizationId: string; save: AreaSave }
  | { type: 'UpdateArea'; caller: AreaCaller; areaId: string; save: AreaSave }
  | { type: 'DeleteArea'; caller: AreaCaller; areaId: string };

export type AreaState = {
  /** The area the command names, as its events left it. */
  area: AreaRecord | null;
  /** The type the body names (null when unknown). */
  areaType: AreaTypeRecord | null;
  /** The name of the organization the area goes to. */
  organizationName: string | null;
};

export const NO_AREA_STATE: AreaState = { area: null, areaType: null, organizationName: null };

export type AreaEvent = Extract<SimEvent, { type: 'AreaSaved' | 'AreaDeleted' }>;

const truncated = (point: AreaPointWrite): AreaPointRecord => ({
  lat: truncateCoordinate(point.lat),
  lon: truncateCoordinate(point.lon ?? point.lng ?? 0),
});
const blankToNull = (value: string | null | undefined) => (value ? value : null);

/** Checks the body and builds the area to save. */
function build(caller: AreaCaller, save: AreaSave, id: string, organizationId: string, state: AreaState) {
  const problems = areaProblems(save);
  if (problems.length > 0) return badRequest(...problems);
  const type = state.areaType;
  if (!type) return badRequest('ez_type_id: not a known area type');
  if (type.is_av_type && !caller.isStaff)
    return refuse({ kind: 'forbidden', message: AUTONOMOUS_VEHICLE_AREAS_FOR_STAFF });
  const polygon = (save.area_geom ?? []).map(truncated);
  const verdict = exclusionShapeVerdict(polygon);
  if (!verdict.ok) return unprocessable(verdict.message);
  const point = save.point_geom ? truncated(save.point_geom) : null;
  const area: AreaRecord = {
    id,
    organization_id: organizationId,
    organization_name: state.organizationName ?? '',
    thing_id: null,
    name: save.name.trim(),
    desc: blankToNull(save.desc),
    lat: point?.lat ?? null,
    lng: point?.lon ?? null,
    radius_dist: polygon.length === 0 && type.is_station_view ? STATION_RADIUS_METRES : 0,
    is_active: true,
    area_geom: polygon.length > 0 ? polygon : null,
    point_geom: point,
    ez_type: type,
    address1: blankToNull(save.address1),
    address2: blankToNull(save.address2),
    city: blankToNull(save.city),
    state: blankToNull(save.state),
    postal_code: blankToNull(save.postal_code),
    country_code: blankToNull(save.country_code?.toUpperCase()),
  };
  return area;
}

const saved = (area: AreaRecord): Decision =>
  accept({
    event: { type: 'AreaSaved', data: area },
    streamId: area.id,
    organizationId: area.organization_id,
  });

/** The one write guard of areas: own or managed organizations, or any organization in sight for provider staff. */
const mayWriteAreasOf = (caller: AreaCaller, organizationId: string) =>
  caller.isStaff || caller.writable.has(organizationId);

/** The area an update or delete names, when the caller may change it; else the refusal. */
function changeable(caller: AreaCaller, area: AreaRecord | null): AreaRecord | Decision {
  if (!area || !caller.reachable.has(area.organization_id)) return notFound(AREA_NOT_FOUND);
  if (!mayWriteAreasOf(caller, area.organization_id) || (area.ez_type.is_av_type && !caller.isStaff))
    return FORBIDDEN;
  return area;
}

const isDecision = (value: object): value is Decision => 'accepted' in value || 'refused' in value;

export function decideArea(command: AreaCommand, state: AreaState, context: DecisionContext): Decision {
  switch (command.type) {
    case 'CreateArea': {
      const { caller, organizationId } = command;
      if (!caller.reachable.has(organizationId)) return ORGANIZATION_NOT_FOUND_REFUSAL;
      if (!mayWriteAreasOf(caller, organizationId)) return FORBIDDEN;
      const area = build(caller, command.save, context.newId(), organizationId, state);
      return isDecision(area) ? area : saved(area);
    }
    case 'UpdateArea': {
      const previous = changeable(command.caller, state.area);
      if (isDecision(previous)) return previous;
      const area = build(command.caller, command.save, previous.id, previous.organization_id, state);
      if (isDecision(area)) return area;
      return saved({ ...area, thing_id: previous.thing_id, is_active: previous.is_active });
    }
    case 'DeleteArea': {
      const area = changeable(command.caller, state.area);
      if (isDecision(area)) return area;
      return accept({
        event: { type: 'AreaDeleted', data: { id: area.id } },
        streamId: area.id,
        organizationId: area.organization_id,
      });
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown area command ${JSON.stringify(unexpected)}`);
    }
  }
}

export function evolveArea(state: AreaState, event: AreaEvent): AreaState {
  switch (event.type) {
    case 'AreaSaved':
      return { ...state, area: event.data };
    case 'AreaDeleted':
      return { ...state, area: null };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown area event ${JSON.stringify(unexpected)}`);
    }
  }
}
