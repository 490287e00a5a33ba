// Deciding the asset commands of live §7 without IO: profile edits, sharing, R2R test mode and test alerts, the LED
// light intensity. Every one of them is a write: a thing is written (edited or commanded) only when its owner, or an
// organization holding a `manager` relationship on it, is one the caller may write to (its own or one it manages);
// a thing the caller only sees (owned by an accessed organization, or shared with it as `accessor`) is read-only, 403.
// Refusal texts are those live §8 reads.
import type { LightIntensity, R2RCommand, ThingAssociationsSave } from '#domain/things/thingCommandBodies';
import { keptIntegrations, type ThingProfileWrite } from '#domain/things/thingProfileRules';
import {
  accept,
  badRequest,
  FORBIDDEN,
  notFound,
  ORGANIZATION_NOT_FOUND_REFUSAL,
  unprocessable,
  type CallerReach,
  type Decision,
  type DecisionContext,
} from '../kernel/decision.ts';
import type { SimEvent, ThingRecord, ThingRelationshipRecord } from '../store/events.ts';
import type { ThingProfileRecord } from '../store/thingEditRecords.ts';
import type { ThingAudienceEntry } from './thingLookup.ts';

/** A device that has not reported for this long does not answer commands ("Timed out waiting for device"). */
export const DEVICE_ANSWER_WINDOW_MS = 15 * 60 * 1000;
export const DEVICE_TIMED_OUT = 'Timed out waiting for device';
export const THING_NOT_FOUND = 'Thing not found';
export const NICKNAME_MANAGED_BY_INTEGRATION =
  'Asset nickname cannot be changed: it is managed by the integration';

export type ThingCommand =
  | { type: 'UpdateThingProfile'; caller: CallerReach; thingId: string; profile: ThingProfileWrite }
  | {
      type: 'ChangeThingRelationships';
      caller: CallerReach;
      thingId: string;
      changes: ThingAssociationsSave['organization_relationships'];
    }
  | { type: 'CommandR2R'; caller: CallerReach; thingId: string; command: R2RCommand }
  | { type: 'SetLightIntensity'; caller: CallerReach; thingId: string; level: LightIntensity };

export type ThingState = {
  thing: ThingRecord | null;
  /** The owner and every organization the thing is shared with. */
  audience: readonly ThingAudienceEntry[];
  /** Unix ms of the device's latest sample; null when it never reported. */
  lastHeardAt: number | null;
  /** The type the profile body names by id, when it exists. */
  namedType: { id: string; name: string } | null;
  /** The id of the type the thing has now. */
  currentTypeId: string | null;
  /** The subtype the profile body names by id, when it exists. */
  namedSubtype: { id: string; name: string; thing_type_id: string } | null;
  /** Names of the organizations a sharing change names, those that exist. */
  organizationNames: Readonly<Record<string, string>>;
};

export const NO_THING_STATE: ThingState = {
  thing: null,
  audience: [],
  lastHeardAt: null,
  namedType: null,
  currentTypeId: null,
  namedSubtype: null,
  organizationNames: {},
};

export type ThingEvent = Extract<
  SimEvent,
  {
    type:
      | 'ThingRegistered'
      | 'ThingProfileUpdated'
      | 'ThingRelationshipsChanged'
      | 'ThingTestModeSwitched'
      | 'R2RTestAlertSent'
      | 'LightIntensitySet'
      | 'PointRecorded'
      | 'HeartbeatRecorded';
  }
>;

const canSee = (caller: CallerReach, audience: readonly ThingAudienceEntry[]) =>
  audience.some((entry) => caller.reachable.has(entry.organization_id));

const canEdit = (caller: CallerReach, audience: readonly ThingAudienceEntry[]) =>
  audience.some(
    (entry) => entry.relationship_type !== 'accessor' && caller.writable.has(entry.organization_id),
  );

const recorded = (thing: ThingRecord, event: SimEvent): Decision =>
  accept({ event, streamId: thing.id, organizationId: thing.organization_id });

function decideProfile(thing: ThingRecord, profile: ThingProfileWrite, state: ThingState): Decision {
  const nickname = profile.nickname === undefined ? thing.nickname : profile.nickname;
  // An integration names its own assets; the dashboard cannot rename them (live §8 "nickname").
  if (thing.is_integration_org && nickname !== thing.nickname)
    return unprocessable(NICKNAME_MANAGED_BY_INTEGRATION);
  let thingType = thing.thing_type;
  let typeId = state.currentTypeId;
  let subtype = { name: thing.thing_subtype, id: thing.thing_subtype_uuid };
  if (profile.thing_type_id !== undefined && profile.thing_type_id !== null) {
    const type = state.namedType;
    if (!type || type.id !== profile.thing_type_id)
      return badRequest('thing_type_id: not a known thing type');
    if (type.name !== thing.thing_type) subtype = { name: null, id: null };
    thingType = type.name;
    typeId = type.id;
  }
  if (profile.thing_subtype_id === null) subtype = { name: null, id: null };
  else if (profile.thing_subtype_id !== undefined) {
    const found = state.namedSubtype;
    if (!found || found.id !== profile.thing_subtype_id || found.thing_type_id !== typeId)
      return badRequest('thing_subtype_id: not a subtype of the thing type');
    subtype = { name: found.name, id: found.id };
  }
  const keep = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
  const record: ThingProfileRecord = {
    in_service: profile.in_service,
    is_publicly_alerting: profile.is_publicly_alerting,
    nickname: nickname === '' ? null : nickname,
    thing_type: thingType,
    thing_subtype: subtype.name,
    thing_subtype_uuid: subtype.id,
    vin_number: keep(profile.vin_number, thing.vin_number),
    license_plate_number: keep(profile.license_plate_number, thing.license_plate_number),
    registry_number: keep(profile.registry_number, thing.registry_number),
    external_identifiers:
      profile.external_identifiers === undefined
        ? thing.external_identifiers
        : keptIntegrations(profile.external_identifiers).map(({ identifier_id, system_name }) => ({
            identifier_id,
            system_name,
          })),
  };
  return recorded(thing, { type: 'ThingProfileUpdated', data: record });
}

function decideRelationships(
  thing: ThingRecord,
  changes: ThingAssociationsSave['organization_relationships'],
  state: ThingState,
): Decision {
  const relationships = new Map<string, ThingRelationshipRecord>(
    thing.organization_relationships.map((relation) => [relation.organization_uuid, relation]),
  );
  for (const change of changes) {
    if (change.organization_uuid === thing.organization_id)
      return badRequest('organization_relationships: the owner cannot be a manager or accessor');
    const name = state.organizationNames[change.organization_uuid];
    if (name === undefined) return ORGANIZATION_NOT_FOUND_REFUSAL;
    if (change.relationship_type === 'delete') relationships.delete(change.organization_uuid);
    else
      relationships.set(change.organization_uuid, {
        organization_uuid: change.organization_uuid,
        organization_name: name,
        relationship_type: change.relationship_type,
      });
  }
  // Ordered by code unit, the same on every host.
  const organization_relationships = [...relationships.values()].sort((a, b) =>
    a.organization_uuid < b.organization_uuid ? -1 : a.organization_uuid > b.organization_uuid ? 1 : 0,
  );
  const revoked_organization_uuids = thing.organization_relationships
    .map((relation) => relation.organization_uuid)
    .filter((organizationId) => !relationships.has(organizationId));
  return recorded(thing, {
    type: 'ThingRelationshipsChanged',
    data: { organization_relationships, revoked_organization_uuids },
  });
}

function deviceAnswers(state: ThingState, now: number): boolean {
  return state.lastHeardAt !== null && now - state.lastHeardAt <= DEVICE_ANSWER_WINDOW_MS;
}

/** Why the device's light intensity cannot be read or set now, or null when it can (an HA5 that answers). */
export function lightIntensityRefusal(caller: CallerReach, state: ThingState, now: number): Decision | null {
  if (state.thing === null || !canSee(caller, state.audience)) return notFound(THING_NOT_FOUND);
  if (state.thing.device_type !== 'ha5')
    return unprocessable('Light intensity is not supported by this device');
  if (!deviceAnswers(state, now)) return unprocessable(DEVICE_TIMED_OUT);
  return null;
}

export function decideThing(command: ThingCommand, state: ThingState, context: DecisionContext): Decision {
  const { thing, audience } = state;
  const visible = thing !== null && canSee(command.caller, audience) ? thing : null;
  switch (command.type) {
    case 'UpdateThingProfile':
    case 'ChangeThingRelationships': {
      // The edit calls answer an unknown thing in the catalogue's words (422), the device commands with 404.
      if (!visible) return unprocessable(THING_NOT_FOUND);
      if (!canEdit(command.caller, audience)) return FORBIDDEN;
      return command.type === 'UpdateThingProfile'
        ? decideProfile(visible, command.profile, state)
        : decideRelationships(visible, command.changes, state);
    }
    case 'CommandR2R': {
      if (!visible) return notFound(THING_NOT_FOUND);
      if (!canEdit(command.caller, audience)) return FORBIDDEN;
      if (visible.device_type === 'api') return unprocessable('R2R not enabled: the hardware has no R2R');
      const testMode = command.command?.test_mode;
      if (testMode !== undefined) {
        if (!visible.is_allowed_for_test_mode)
          return unprocessable('R2R not enabled: test mode is not allowed for this asset');
        return recorded(visible, { type: 'ThingTestModeSwitched', data: { test_mode: testMode } });
      }
      if (!visible.features.r2r && !visible.test_mode) return unprocessable('R2R not enabled');
      return recorded(visible, {
        type: 'R2RTestAlertSent',
        data: { delivered: deviceAnswers(state, context.now) },
      });
    }
    case 'SetLightIntensity': {
      if (!visible) return notFound(THING_NOT_FOUND);
      if (!canEdit(command.caller, audience)) return FORBIDDEN;
      if (visible.device_type !== 'ha5')
        return unprocessable('Light intensity is not supported by this device');
      if (!deviceAnswers(state, context.now)) return unprocessable(DEVICE_TIMED_OUT);
      return recorded(visible, { type: 'LightIntensitySet', data: { light_intensity: command.level } });
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown thing command ${JSON.stringify(unexpected)}`);
    }
  }
}

/** Folds a thing's events into what its decisions read: the record, who sees it, when its device last reported. */
export function evolveThing(state: ThingState, event: ThingEvent): ThingState {
  switch (event.type) {
    case 'ThingRegistered': {
      const thing = event.data;
      return {
        ...state,
        thing,
        audience: [
          { organization_id: thing.organization_id, relationship_type: 'owner' },
          ...thing.organization_relationships.map((relation) => ({
            organization_id: relation.organization_uuid,
            relationship_type: relation.relationship_type,
          })),
        ],
      };
    }
    case 'ThingProfileUpdated':
      return state.thing ? { ...state, thing: { ...state.thing, ...event.data } } : state;
    case 'ThingRelationshipsChanged': {
      if (!state.thing) return state;
      const thing = { ...state.thing, organization_relationships: event.data.organization_relationships };
      return evolveThing(state, { ...event, type: 'ThingRegistered', data: thing });
    }
    case 'ThingTestModeSwitched':
      return state.thing ? { ...state, thing: { ...state.thing, test_mode: event.data.test_mode } } : state;
    case 'PointRecorded':
    case 'HeartbeatRecorded':
      return { ...state, lastHeardAt: Math.max(state.lastHeardAt ?? 0, Date.parse(event.data.time)) };
    case 'R2RTestAlertSent':
    case 'LightIntensitySet':
      return state;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown thing event ${JSON.stringify(unexpected)}`);
    }
  }
}
