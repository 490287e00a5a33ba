import { describe, expect, it } from 'vitest';
import { ASSET_STATUS } from '#domain/status/assetStatus';
import { courseToDirection, decodeThings, mapServerThing } from '#domain/things/thing';
import { decodeThingSubtypes, decodeThingTypes, iconThingType, subtypesOf } from '#domain/things/thingTypes';
import { decodeThingsPage } from '#domain/things/thingsPage';
import { SECOND, T0, iso, serverThing } from './support/builders.ts';

describe('asset display names', () => {
  it('given a nickname, it is the primary name and the system name is the secondary one', () => {
    const asset = mapServerThing(
      serverThing({ id: 't1', nickname: 'Engine 7', system_identifier: 'ha5-0042' }),
    );
    expect(asset.primaryDisplayName).toBe('Engine 7');
    expect(asset.secondaryDisplayName).toBe('ha5-0042');
  });

  it('given no nickname, the primary name is the upper-cased system name and there is no secondary name', () => {
    const asset = mapServerThing(serverThing({ id: 't1', nickname: null, system_identifier: 'ha5-0042' }));
    expect(asset.primaryDisplayName).toBe('HA5-0042');
    expect(asset.secondaryDisplayName).toBe('');
  });
});

describe('course direction in 8 compass steps of 45 degrees', () => {
  it('names each step by its centre', () => {
    expect([0, 45, 90, 135, 180, 225, 270, 315].map(courseToDirection)).toEqual([
      'N',
      'NE',
      'E',
      'SE',
      'S',
      'SW',
      'W',
      'NW',
    ]);
  });

  it('switches half way between two directions, and wraps around north', () => {
    expect(courseToDirection(22.4)).toBe('N');
    expect(courseToDirection(22.5)).toBe('NE');
    expect(courseToDirection(337.4)).toBe('NW');
    expect(courseToDirection(359.9)).toBe('N');
    expect(courseToDirection(-90)).toBe('W');
    expect(courseToDirection(null)).toBeNull();
  });
});

describe('client fields of an asset', () => {
  it('keeps at most 2 integrations, each with its provider name and id', () => {
    const asset = mapServerThing(
      serverThing({
        id: 't1',
        external_identifiers: [
          { identifier_id: 'g-1', system_name: 'Geotab' },
          { identifier_id: 's-1', system_name: 'Samsara' },
          { identifier_id: 'x-1', system_name: 'Other' },
        ],
      }),
    );
    expect(asset.integrations).toEqual([
      { name: 'Geotab', id: 'g-1' },
      { name: 'Samsara', id: 's-1' },
    ]);
  });

  it('reads incident, closures, relations and flags under their client names', () => {
    const asset = mapServerThing(
      serverThing({
        id: 't1',
        location: { id: 'loc-1' },
        closures: [{ id: 'c-1', external_id: 'wz-9' }],
        organization_relationships: [
          { organization_uuid: 'o-2', organization_name: 'County', relationship_type: 'manager' },
        ],
        features: { r2r: true },
        test_mode: true,
        wzdx_enabled: true,
        is_publicly_alerting: false,
        license_plate_number: 'ABC 123',
      }),
    );
    expect(asset).toMatchObject({
      isOnIncident: true,
      locationId: 'loc-1',
      activeClosures: [{ id: 'c-1', wzdxId: 'wz-9' }],
      organizationRelations: [{ organizationId: 'o-2', organizationName: 'County', relationType: 'manager' }],
      isR2REnabled: true,
      isTestModeOn: true,
      isWzdxEnabled: true,
      isPubliclyReporting: false,
      plateNumber: 'ABC 123',
    });
  });

  it('truncates the position to 7 decimals', () => {
    const asset = mapServerThing(serverThing({ id: 't1', lat: 41.123456789, lng: -87.987654321 }));
    expect(asset.position).toEqual({ lat: 41.1234567, lng: -87.9876543 });
  });

  it('given a heartbeat within 30 s, the asset is not stale; after 30 s it is', () => {
    const fresh = mapServerThing(serverThing({ id: 't1', heartbeat_datetime: iso(T0 - 29 * SECOND) }), {
      now: T0,
    });
    const old = mapServerThing(serverThing({ id: 't2', heartbeat_datetime: iso(T0 - 30 * SECOND) }), {
      now: T0,
    });
    const never = mapServerThing(serverThing({ id: 't3', heartbeat_datetime: null }), { now: T0 });
    expect([fresh.isStale, old.isStale, never.isStale]).toEqual([false, true, true]);
  });

  it('takes the server status when it sends one, and derives it otherwise', () => {
    const told = mapServerThing(serverThing({ id: 't1', status: 'pending' }), { now: T0 });
    const derived = mapServerThing(serverThing({ id: 't2', enroute: true }), { now: T0 });
    expect([told.status, told.statusSource]).toEqual([ASSET_STATUS.pending, 'server']);
    expect([derived.status, derived.statusSource]).toEqual([ASSET_STATUS.active, 'derived']);
  });

  it('given no current time, nothing time-dependent can be judged: the asset reads stale and offline', () => {
    const asset = mapServerThing(serverThing({ id: 't1' }));
    expect([asset.isStale, asset.status]).toEqual([true, ASSET_STATUS.offline]);
  });
});

describe('decoding lists of assets', () => {
  it('drops and counts records that fail the structural check, keeping the rest', () => {
    const result = decodeThings([
      serverThing({ id: 'good-1' }),
      { id: 42 },
      'not a record',
      { ...serverThing({ id: 'bad-device' }), device_type: 'toaster' },
      serverThing({ id: 'good-2' }),
    ]);
    expect(result.records.map((asset) => asset.id)).toEqual(['good-1', 'good-2']);
    expect(result.dropped).toBe(3);
  });

  it('reads a page envelope with data and meta; an unreadable envelope is no page at all', () => {
    const page = decodeThingsPage(
      { data: [serverThing({ id: 'a' }), null], meta: { page: 1, per_page: 500, total: 2 } },
      { now: T0 },
    );
    expect(page?.things.map((asset) => asset.id)).toEqual(['a']);
    expect(page?.dropped).toBe(1);
    expect(page?.meta).toEqual({ page: 1, per_page: 500, total: 2 });
    expect(decodeThingsPage({ data: 'nope' }, { now: T0 })).toBeNull();
  });
});

describe('thing types and subtypes', () => {
  it('maps type entries (id, name, display_name, emergency) and subtype entries', () => {
    const types = decodeThingTypes([
      { id: 1, name: 'police', display_name: 'Police', emergency: true },
      { id: 2, name: 'waste' },
      { name: 'no id' },
    ]);
    expect(types.records).toEqual([
      { id: '1', name: 'police', displayName: 'Police', isEmergency: true },
      { id: '2', name: 'waste', displayName: 'waste', isEmergency: false },
    ]);
    expect(types.dropped).toBe(1);
    const subtypes = decodeThingSubtypes([
      { id: 's1', name: 'sedan', display_name: 'Sedan', thing_type_id: 1 },
      { id: 's2', name: 'truck', display_name: 'Truck', thing_type_id: 2 },
    ]);
    expect(subtypesOf(subtypes.records, '1').map((subtype) => subtype.name)).toEqual(['sedan']);
  });

  it('draws ambulance/ems with one icon and unknown types with the default one', () => {
    expect(iconThingType('EMS')).toBe('ambulance');
    expect(iconThingType('Arrow Board')).toBe('arrow_board');
    expect(iconThingType('hovercraft')).toBe('default');
  });
});
