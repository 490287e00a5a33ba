// The rules behind the asset screens (issue 12): the list's filters, the controls' gates and tooltips, the Edit
// Profile form's problems and body, and the Organization access form's changes.
import { describe, expect, it } from 'vitest';
import { ASSET_STATUS } from '#domain/status/assetStatus';
import { mapServerThing, type Thing } from '#domain/things/thing';
import { accessChanges, sharingCandidates } from '#domain/things/thingAccessForm';
import {
  editGate,
  HARDWARE_NOT_SUPPORTED,
  INVALID_ASSET_STATUS,
  ledIntensityGate,
  NOT_AUTHORIZED,
  R2R_NOT_ENABLED,
  r2rGate,
  READ_ONLY_ASSET,
  type GatedAsset,
} from '#domain/things/thingControlGates';
import { activeFilterCount, matchesFilter, NO_FILTER } from '#domain/things/thingListFilter';
import {
  AVAILABLE_PROVIDERS_IN_USE,
  counterIsWarning,
  mayAddIntegration,
  profileBody,
  profileProblems,
  type ProfileFormValues,
} from '#domain/things/thingProfileForm';
import { serverThing } from './support/builders.ts';

const ADMIN = new Set(['thing:manage', 'thing:invoke_r2r', 'thing:ha5_light_intensity_change']);
const MEDIA = new Set(['thing:read']);

function asset(overrides: Partial<Thing> = {}): Thing {
  return { ...mapServerThing(serverThing({ id: 't1' })), ...overrides };
}

const gated = (overrides: Partial<GatedAsset> = {}): GatedAsset => ({
  status: 'standby',
  deviceType: 'ha5',
  isR2REnabled: true,
  isAllowedForTestMode: true,
  isReadOnly: false,
  ...overrides,
});

describe('the Filters panel', () => {
  it('lets every asset through when nothing is chosen', () => {
    expect(matchesFilter(asset({ status: ASSET_STATUS.offline }), NO_FILTER, 'org')).toBe(true);
    expect(activeFilterCount(NO_FILTER)).toBe(0);
  });

  it('keeps only the chosen statuses, and hides offline assets when "show offline" is off', () => {
    const filter = { ...NO_FILTER, statuses: ['standby' as const] };
    expect(matchesFilter(asset({ status: ASSET_STATUS.standby }), filter, null)).toBe(true);
    expect(matchesFilter(asset({ status: ASSET_STATUS.active }), filter, null)).toBe(false);
    const hideOffline = { ...NO_FILTER, showOffline: false };
    expect(matchesFilter(asset({ status: ASSET_STATUS.offline }), hideOffline, null)).toBe(false);
    expect(matchesFilter(asset({ status: ASSET_STATUS.pending }), hideOffline, null)).toBe(true);
  });

  it('hides, shows or keeps only out-of-service assets', () => {
    const outOfService = asset({ inService: false, status: ASSET_STATUS.outOfService });
    expect(matchesFilter(outOfService, { ...NO_FILTER, outOfService: 'hide' }, null)).toBe(false);
    expect(matchesFilter(outOfService, { ...NO_FILTER, outOfService: 'only' }, null)).toBe(true);
    expect(matchesFilter(asset(), { ...NO_FILTER, outOfService: 'only' }, null)).toBe(false);
    // Out-of-service is none of the chosen statuses.
    expect(matchesFilter(outOfService, { ...NO_FILTER, statuses: ['offline'] }, null)).toBe(false);
  });

  it('narrows by feed, relation, type and subtype', () => {
    const owned = asset({
      organizationId: 'org',
      isWzdxEnabled: true,
      thingType: 'fire',
      thingSubtype: 'engine',
    });
    expect(matchesFilter(owned, { ...NO_FILTER, feedOnly: true }, 'org')).toBe(true);
    expect(matchesFilter(asset({ isWzdxEnabled: false }), { ...NO_FILTER, feedOnly: true }, 'org')).toBe(
      false,
    );
    expect(matchesFilter(owned, { ...NO_FILTER, relation: 'owned' }, 'org')).toBe(true);
    expect(matchesFilter(owned, { ...NO_FILTER, relation: 'managed' }, 'org')).toBe(false);
    expect(matchesFilter(owned, { ...NO_FILTER, thingType: 'police' }, 'org')).toBe(false);
    expect(matchesFilter(owned, { ...NO_FILTER, thingType: 'fire', thingSubtype: 'engine' }, 'org')).toBe(
      true,
    );
    expect(activeFilterCount({ ...NO_FILTER, feedOnly: true, relation: 'owned' })).toBe(2);
  });
});

describe('the controls’ gates and tooltips', () => {
  it('editing needs thing update or manage, and a writable asset', () => {
    expect(editGate(gated(), MEDIA)).toEqual({ enabled: false, reason: NOT_AUTHORIZED });
    expect(editGate(gated(), new Set(['thing:update']))).toEqual({ enabled: true });
    expect(editGate(gated({ isReadOnly: true }), ADMIN)).toEqual({ enabled: false, reason: READ_ONLY_ASSET });
  });

  it('the LED intensity needs an HA5, the permission, and a status at or below stationary', () => {
    expect(ledIntensityGate(gated({ deviceType: 'ha7' }), ADMIN)).toEqual({
      enabled: false,
      reason: HARDWARE_NOT_SUPPORTED,
    });
    expect(ledIntensityGate(gated(), MEDIA)).toEqual({ enabled: false, reason: NOT_AUTHORIZED });
    expect(ledIntensityGate(gated({ status: 'pending' }), ADMIN)).toEqual({
      enabled: false,
      reason: INVALID_ASSET_STATUS,
    });
    expect(ledIntensityGate(gated({ status: 'stationary' }), ADMIN)).toEqual({ enabled: true });
  });

  it('the R2R test needs the permission, R2R hardware, and standby or stationary when R2R is enabled', () => {
    expect(r2rGate(gated(), MEDIA)).toEqual({ enabled: false, reason: NOT_AUTHORIZED });
    expect(r2rGate(gated({ deviceType: 'api' }), ADMIN)).toEqual({
      enabled: false,
      reason: HARDWARE_NOT_SUPPORTED,
    });
    expect(r2rGate(gated({ status: 'active' }), ADMIN)).toEqual({
      enabled: false,
      reason: INVALID_ASSET_STATUS,
    });
    expect(r2rGate(gated({ status: 'stationary' }), ADMIN)).toEqual({ enabled: true });
    // Not R2R-enabled: the Test Mode switch, which needs test mode to be allowed.
    expect(r2rGate(gated({ isR2REnabled: false, isAllowedForTestMode: false }), ADMIN)).toEqual({
      enabled: false,
      reason: R2R_NOT_ENABLED,
    });
    expect(r2rGate(gated({ isR2REnabled: false, status: 'active' }), ADMIN)).toEqual({ enabled: true });
  });
});

describe('the Edit Profile form', () => {
  const values: ProfileFormValues = {
    inService: true,
    isPubliclyReporting: true,
    nickname: 'Engine 7',
    thingTypeId: 'type-fire',
    thingSubtypeId: '',
    vinNumber: 'ABC123',
    plateNumber: '',
    registryNumber: '',
    integrations: [{ name: 'Geotab', id: 'g-1' }],
  };

  it('names each field’s problem in the document’s words', () => {
    expect(profileProblems(values)).toEqual({});
    expect(
      profileProblems({
        ...values,
        nickname: 'x'.repeat(51),
        thingTypeId: '',
        vinNumber: 'AB-1',
        plateNumber: 'p'.repeat(51),
        integrations: [
          { name: 'Geotab', id: 'g-1' },
          { name: 'Geotab', id: 'g-2' },
        ],
      }),
    ).toEqual({
      nickname: 'Must be 50 or fewer characters',
      thingTypeId: 'Required',
      vinNumber: 'Please only use numbers or letters',
      plateNumber: 'Must be 50 or fewer characters',
      integration1: 'Provider already used',
    });
  });

  it('turns the counter red within 5 characters of the limit and stops adding integrations when providers run out', () => {
    expect(counterIsWarning(44, 50)).toBe(false);
    expect(counterIsWarning(45, 50)).toBe(true);
    expect(mayAddIntegration(values.integrations)).toBe(true);
    expect(mayAddIntegration([...values.integrations, { name: 'Samsara', id: 's' }])).toBe(false);
    expect(AVAILABLE_PROVIDERS_IN_USE).toBe('Available providers in use');
  });

  it('sends removed integrations as deleted and an empty subtype as cleared', () => {
    const body = profileBody({ ...values, integrations: [] }, values.integrations);
    expect(body.external_identifiers).toEqual([
      { system_name: 'Geotab', identifier_id: 'g-1', is_deleted: true },
    ]);
    expect(body.thing_subtype_id).toBeNull();
  });
});

describe('the Organization access form', () => {
  it('offers current partners and the given organizations, never the owner, and sends only the changes', () => {
    const candidates = sharingCandidates(
      {
        organizationId: 'owner',
        relations: [{ organizationId: 'b', organizationName: 'Bravo', relationType: 'manager' }],
      },
      [
        { id: 'owner', name: 'Owner' },
        { id: 'a', name: 'Alpha' },
        { id: 'b', name: 'Bravo' },
      ],
    );
    expect(candidates).toEqual([
      { id: 'a', name: 'Alpha', choice: 'none' },
      { id: 'b', name: 'Bravo', choice: 'manager' },
    ]);
    expect(accessChanges({ a: 'none', b: 'manager' }, { a: 'accessor', b: 'none' })).toEqual([
      { organization_uuid: 'a', relationship_type: 'accessor' },
      { organization_uuid: 'b', relationship_type: 'delete' },
    ]);
  });
});
