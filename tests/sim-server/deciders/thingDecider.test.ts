// Every decision of the asset commands (live §7: profile, sharing, R2R, light intensity; refusals of live §8),
// without Fastify: given the thing's events and the catalogue facts a body names, when a command, then the events or
// the refusal.
import { describe, expect, it } from 'vitest';
import type { ThingProfileWrite } from '#domain/things/thingProfileRules';
import type { CallerReach } from '#sim/kernel/decision';
import type { SimEvent, ThingRecord } from '#sim/store/events';
import {
  DEVICE_ANSWER_WINDOW_MS,
  DEVICE_TIMED_OUT,
  decideThing,
  evolveThing,
  lightIntensityRefusal,
  NICKNAME_MANAGED_BY_INTEGRATION,
  NO_THING_STATE,
  THING_NOT_FOUND,
  type ThingCommand,
  type ThingEvent,
  type ThingState,
} from '#sim/things/thingDecider';
import { given, type Decider } from '../support/givenWhenThen.ts';

const NOW = Date.parse('2026-03-02T15:00:00Z');
const OWNER = 'org-fleet';
const MANAGER = 'org-manager';
const ACCESSOR = 'org-accessor';
const OTHER = 'org-other';

const things: Decider<ThingCommand, ThingState, ThingEvent> = {
  initial: NO_THING_STATE,
  evolve: evolveThing,
  decide: decideThing,
};

const reach = (reachable: string[], writable: string[]): CallerReach => ({
  reachable: new Set(reachable),
  writable: new Set(writable),
});
const ownerCaller = reach([OWNER], [OWNER]);
const managerCaller = reach([MANAGER], [MANAGER]);
const accessorCaller = reach([ACCESSOR], [ACCESSOR]);
const strangerCaller = reach([OTHER], [OTHER]);
/** Sees the owner as an accessed organization: may look at its things, not write them. */
const accessingCaller = reach([OTHER, OWNER], [OTHER]);

function thing(overrides: Partial<ThingRecord> = {}): ThingRecord {
  return {
    id: 'thing-1',
    organization_id: OWNER,
    external_id: null,
    system_identifier: 'HA5-0001',
    nickname: 'Engine 4',
    device_type: 'ha5',
    thing_type: 'fire',
    thing_subtype: 'engine',
    thing_subtype_uuid: 'sub-engine',
    registry_number: null,
    vin_number: null,
    license_plate_number: null,
    in_service: true,
    is_publicly_alerting: true,
    features: { r2r: true },
    is_allowed_for_closures: false,
    is_allowed_for_test_mode: true,
    test_mode: false,
    is_responder: true,
    is_integration_org: false,
    wzdx_enabled: false,
    external_identifiers: [],
    organization_relationships: [
      { organization_uuid: MANAGER, organization_name: 'Manager', relationship_type: 'manager' },
      { organization_uuid: ACCESSOR, organization_name: 'Accessor', relationship_type: 'accessor' },
    ],
    sim_behaviour: 'roaming',
    ...overrides,
  };
}

const registered = (overrides: Partial<ThingRecord> = {}): ThingEvent => ({
  type: 'ThingRegistered',
  data: thing(overrides),
});
const heard = (at: number): ThingEvent => ({
  type: 'HeartbeatRecorded',
  data: {
    time: new Date(at).toISOString(),
    lat: 41.88,
    lng: -87.63,
    speed: 0,
    course: 0,
    accuracy: 5,
    enroute: false,
    street: null,
  },
});

const profile = (overrides: Partial<ThingProfileWrite> = {}): ThingProfileWrite => ({
  in_service: false,
  is_publicly_alerting: true,
  ...overrides,
});
const editProfile = (body: ThingProfileWrite, caller = ownerCaller): ThingCommand => ({
  type: 'UpdateThingProfile',
  caller,
  thingId: 'thing-1',
  profile: body,
});
const share = (
  changes: { organization_uuid: string; relationship_type: 'manager' | 'accessor' | 'delete' }[],
  caller = ownerCaller,
): ThingCommand => ({ type: 'ChangeThingRelationships', caller, thingId: 'thing-1', changes });
const r2r = (command: { test_mode?: boolean } | null, caller = ownerCaller): ThingCommand => ({
  type: 'CommandR2R',
  caller,
  thingId: 'thing-1',
  command,
});
const setLight = (caller = ownerCaller): ThingCommand => ({
  type: 'SetLightIntensity',
  caller,
  thingId: 'thing-1',
  level: 'high',
});

const recorded = (event: SimEvent) => [{ event, streamId: 'thing-1', organizationId: OWNER }];

describe('profile edits', () => {
  it('records the profile, keeping what the body leaves out, by the owner or a manager', () => {
    for (const caller of [ownerCaller, managerCaller]) {
      const [decided] = given(things, [registered()])
        .when(editProfile(profile({ vin_number: 'ABC123' }), caller))
        .accepted();
      expect(decided?.event).toEqual({
        type: 'ThingProfileUpdated',
        data: {
          in_service: false,
          is_publicly_alerting: true,
          nickname: 'Engine 4',
          thing_type: 'fire',
          thing_subtype: 'engine',
          thing_subtype_uuid: 'sub-engine',
          vin_number: 'ABC123',
          license_plate_number: null,
          registry_number: null,
          external_identifiers: [],
        },
      });
    }
  });

  it('keeps only integrations not marked deleted', () => {
    const [decided] = given(things, [registered()])
      .when(
        editProfile(
          profile({
            external_identifiers: [
              { identifier_id: '1', system_name: 'Samsara', is_deleted: true },
              { identifier_id: '2', system_name: 'Geotab' },
            ],
          }),
        ),
      )
      .accepted();
    expect(decided?.event).toMatchObject({
      data: { external_identifiers: [{ identifier_id: '2', system_name: 'Geotab' }] },
    });
  });

  it('changes the type, which clears a subtype of the old type; takes a subtype of the type', () => {
    const facts = (state: ThingState): ThingState => ({
      ...state,
      namedType: { id: 'type-police', name: 'police' },
      currentTypeId: 'type-fire',
      namedSubtype: { id: 'sub-cruiser', name: 'cruiser', thing_type_id: 'type-police' },
    });
    const state = facts(given(things, [registered()]).state);
    const retyped = given(things, [], state)
      .when(editProfile(profile({ thing_type_id: 'type-police' })))
      .accepted();
    expect(retyped[0]?.event).toMatchObject({
      data: { thing_type: 'police', thing_subtype: null, thing_subtype_uuid: null },
    });
    const both = given(things, [], state)
      .when(editProfile(profile({ thing_type_id: 'type-police', thing_subtype_id: 'sub-cruiser' })))
      .accepted();
    expect(both[0]?.event).toMatchObject({
      data: { thing_type: 'police', thing_subtype: 'cruiser', thing_subtype_uuid: 'sub-cruiser' },
    });
    given(things, [], state)
      .when(editProfile(profile({ thing_subtype_id: 'sub-cruiser' })))
      .thenRefused({ kind: 'bad_request', problems: ['thing_subtype_id: not a subtype of the thing type'] });
    given(things, [registered()])
      .when(editProfile(profile({ thing_type_id: 'type-unknown' })))
      .thenRefused({ kind: 'bad_request', problems: ['thing_type_id: not a known thing type'] });
    const cleared = given(things, [registered()])
      .when(editProfile(profile({ thing_subtype_id: null })))
      .accepted();
    expect(cleared[0]?.event).toMatchObject({ data: { thing_subtype: null, thing_subtype_uuid: null } });
  });

  it('refuses renaming an asset whose integration owns its name', () => {
    given(things, [registered({ is_integration_org: true })])
      .when(editProfile(profile({ nickname: 'Renamed' })))
      .thenRefused({ kind: 'unprocessable', text: NICKNAME_MANAGED_BY_INTEGRATION });
    given(things, [registered({ is_integration_org: true })])
      .when(editProfile(profile({ nickname: 'Engine 4' })))
      .accepted();
  });

  it('refuses an unknown or unseen thing (422 "Thing not found") and an accessor (403)', () => {
    given(things).when(editProfile(profile())).thenRefused({ kind: 'unprocessable', text: THING_NOT_FOUND });
    given(things, [registered()])
      .when(editProfile(profile(), strangerCaller))
      .thenRefused({ kind: 'unprocessable', text: THING_NOT_FOUND });
    given(things, [registered()])
      .when(editProfile(profile(), accessorCaller))
      .thenRefused({ kind: 'forbidden' });
  });
});

describe('sharing', () => {
  it('applies the changes to the current list, ordered, and names who lost the thing', () => {
    const state: ThingState = {
      ...given(things, [registered()]).state,
      organizationNames: { [OTHER]: 'Other', [ACCESSOR]: 'Accessor' },
    };
    given(things, [], state)
      .when(
        share([
          { organization_uuid: OTHER, relationship_type: 'accessor' },
          { organization_uuid: ACCESSOR, relationship_type: 'delete' },
        ]),
      )
      .thenEvents(
        recorded({
          type: 'ThingRelationshipsChanged',
          data: {
            organization_relationships: [
              { organization_uuid: MANAGER, organization_name: 'Manager', relationship_type: 'manager' },
              { organization_uuid: OTHER, organization_name: 'Other', relationship_type: 'accessor' },
            ],
            revoked_organization_uuids: [ACCESSOR],
          },
        }),
      );
  });

  it('refuses the owner itself (400) and an unknown organization (404)', () => {
    given(things, [registered()])
      .when(share([{ organization_uuid: OWNER, relationship_type: 'manager' }]))
      .thenRefused({
        kind: 'bad_request',
        problems: ['organization_relationships: the owner cannot be a manager or accessor'],
      });
    given(things, [registered()])
      .when(share([{ organization_uuid: 'org-nowhere', relationship_type: 'manager' }]))
      .thenRefused({ kind: 'organization_not_found' });
  });

  it('decides on the sharing its events left: a revoked manager may no longer edit', () => {
    const revoked: ThingEvent = {
      type: 'ThingRelationshipsChanged',
      data: { organization_relationships: [], revoked_organization_uuids: [MANAGER, ACCESSOR] },
    };
    given(things, [registered(), revoked])
      .when(editProfile(profile(), managerCaller))
      .thenRefused({ kind: 'unprocessable', text: THING_NOT_FOUND });
  });
});

describe('R2R and light intensity', () => {
  it('switches test mode when allowed', () => {
    given(things, [registered()])
      .when(r2r({ test_mode: true }, managerCaller))
      .thenEvents(recorded({ type: 'ThingTestModeSwitched', data: { test_mode: true } }));
    given(things, [registered({ is_allowed_for_test_mode: false })])
      .when(r2r({ test_mode: true }))
      .thenRefused({
        kind: 'unprocessable',
        text: 'R2R not enabled: test mode is not allowed for this asset',
      });
  });

  it('sends a test alert, delivered when the device reported in the last 15 minutes', () => {
    given(things, [registered(), heard(NOW - DEVICE_ANSWER_WINDOW_MS)])
      .when(r2r(null), { now: NOW })
      .thenEvents(recorded({ type: 'R2RTestAlertSent', data: { delivered: true } }));
    given(things, [registered(), heard(NOW - DEVICE_ANSWER_WINDOW_MS - 1)])
      .when(r2r({}), { now: NOW })
      .thenEvents(recorded({ type: 'R2RTestAlertSent', data: { delivered: false } }));
    given(things, [registered({ features: { r2r: false } })])
      .when(r2r({}))
      .thenRefused({ kind: 'unprocessable', text: 'R2R not enabled' });
    given(things, [registered({ device_type: 'api' })])
      .when(r2r({}))
      .thenRefused({ kind: 'unprocessable', text: 'R2R not enabled: the hardware has no R2R' });
    given(things).when(r2r({})).thenRefused({ kind: 'not_found', text: THING_NOT_FOUND });
  });

  it('sets the light intensity of an HA5 that answers; refuses others and silent devices', () => {
    given(things, [registered(), heard(NOW - 60_000)])
      .when(setLight(), { now: NOW })
      .thenEvents(recorded({ type: 'LightIntensitySet', data: { light_intensity: 'high' } }));
    given(things, [registered(), heard(NOW - DEVICE_ANSWER_WINDOW_MS - 1)])
      .when(setLight(), { now: NOW })
      .thenRefused({ kind: 'unprocessable', text: DEVICE_TIMED_OUT });
    given(things, [registered({ device_type: 'ha7' }), heard(NOW)])
      .when(setLight(), { now: NOW })
      .thenRefused({ kind: 'unprocessable', text: 'Light intensity is not supported by this device' });
    given(things, [registered(), heard(NOW)])
      .when(setLight(strangerCaller), { now: NOW })
      .thenRefused({ kind: 'not_found', text: THING_NOT_FOUND });
    const state = given(things, [registered(), heard(NOW)]).state;
    expect(lightIntensityRefusal(ownerCaller, state, NOW)).toBeNull();
  });

  it('refuses every device command on a thing the caller may only see (403), and reads its light intensity', () => {
    const commands = [r2r({ test_mode: true }), r2r({}), setLight()];
    for (const caller of [accessorCaller, accessingCaller])
      for (const command of commands)
        given(things, [registered(), heard(NOW)])
          .when({ ...command, caller }, { now: NOW })
          .thenRefused({ kind: 'forbidden' });
    // Reading is not a write: whoever sees the thing may read it.
    const state = given(things, [registered(), heard(NOW)]).state;
    expect(lightIntensityRefusal(accessorCaller, state, NOW)).toBeNull();
    expect(lightIntensityRefusal(accessingCaller, state, NOW)).toBeNull();
  });
});
