import { describe, expect, it } from 'vitest';
import { areaTypeLabel, decodeAreas, decodeAreaTypes, sortAreaTypes } from '#domain/areas/area';
import { decodeClosures } from '#domain/closures/closure';
import { decodeLocations } from '#domain/locations/location';
import {
  eventSourceOf,
  eventsLabel,
  isResponderOrganization,
  mapServerOrganization,
} from '#domain/organizations/organization';
import { decodeProfile, maySwitchOrganization, viewableOrganizations } from '#domain/organizations/profile';
import { alertingZoneWritePayload, decodeAlertingZones } from '#domain/zones/alertingZone';
import { HOUR, T0, iso } from './support/builders.ts';

describe('locations', () => {
  it('maps a location with its active and inactive assets, times and client fields', () => {
    const { records, dropped } = decodeLocations([
      {
        id: 'loc-1',
        is_active: true,
        lat: 41.87,
        lng: -87.63,
        street: 'S State St',
        roadway_heading: 180,
        start_time: iso(T0 - HOUR),
        things_active: [
          { id: 't1', nickname: null, system_identifier: 'ha7-1', start_time: iso(T0 - HOUR), runtime: 3600 },
        ],
        things_inactive: [{ id: 't2', nickname: 'Tow 2', end_time: iso(T0) }],
      },
      { id: 'loc-2', lat: 'north', lng: -87 },
    ]);
    expect(dropped).toBe(1);
    expect(records[0]).toMatchObject({
      id: 'loc-1',
      isActive: true,
      displayName: 'S State St',
      roadwayHeading: 180,
      startTime: T0 - HOUR,
      isGeoMarker: false,
      markerPosition: { lat: 41.87, lng: -87.63 },
      thingsActive: [{ id: 't1', displayName: 'HA7-1', runtime: 3600, startTime: T0 - HOUR }],
      thingsInactive: [{ id: 't2', displayName: 'Tow 2', endTime: T0 }],
    });
  });

  it('a location with a geometry of its own is a geo marker placed at that geometry', () => {
    const { records } = decodeLocations([
      {
        id: 'geo',
        lat: 41.8,
        lng: -87.6,
        features: [{ type: 'circle', geometry: { lat: 41.81, lon: -87.61, radius: 50 } }],
      },
    ]);
    expect(records[0]?.isGeoMarker).toBe(true);
    expect(records[0]?.markerPosition).toEqual({ lat: 41.81, lng: -87.61 });
    expect(records[0]?.features).toEqual([
      { type: 'circle', points: [{ lat: 41.81, lng: -87.61, radius: 50 }] },
    ]);
  });
});

describe('closures', () => {
  it('maps the server fields to the client model, reading the id from id or uuid', () => {
    const { records, dropped } = decodeClosures(
      [
        {
          uuid: 'c-1',
          closure_type: 'automated',
          is_active: true,
          is_in_service: true,
          description: 'Left lane closed',
          alert_message: 'Merge right',
          direction: 'N',
          impacted_lanes: [2, 1],
          street_start: 'W Adams St',
          street_end: 'W Monroe St',
          external_id: 'wz-17',
          geocoded_route: [
            { lat: 41.879, lng: -87.63 },
            { lat: 41.881, lon: -87.63 },
          ],
          is_wzdx_compliant: true,
          thing: { id: 't1', nickname: 'Arrow 1', heartbeat_datetime: iso(T0) },
        },
        { id: 'c-2', closure_type: 'teleported' },
        { id: 'c-3', closure_type: 'feed', direction: 'NE' },
        { closure_type: 'manual' },
      ],
      { now: T0, isWzdxOrg: true },
    );
    expect(dropped).toBe(2);
    expect(records[1]).toMatchObject({ id: 'c-3', direction: null });
    expect(records[0]).toMatchObject({
      id: 'c-1',
      thingId: 't1',
      closureType: 'automated',
      status: 'active',
      impactedLanes: [1, 2],
      direction: 'N',
      routePath: [
        { lat: 41.879, lng: -87.63 },
        { lat: 41.881, lng: -87.63 },
      ],
      isPublishOn: true,
      isWzdxOrg: true,
      wzdxId: 'wz-17',
      thingName: 'Arrow 1',
      secondaryDisplayName: 'Arrow 1',
      heartbeatTime: T0,
    });
  });
});

describe('areas and area types', () => {
  const stationType = { id: 3, db_name: 'station', display_name: 'Station', is_station_view: true };

  it('tells legacy circles, points of interest and polygon exclusions apart', () => {
    const { records } = decodeAreas([
      { id: 'legacy', name: 'Old yard', lat: 41.8, lng: -87.6, radius_dist: 1609 },
      { id: 'poi', name: 'Depot', point_geom: { lat: 41.8, lon: -87.6 }, radius_dist: 0 },
      {
        id: 'zone',
        name: 'School',
        point_geom: { lat: 41.8, lon: -87.6 },
        area_geom: [
          { lat: 41.8, lon: -87.6 },
          { lat: 41.81, lon: -87.6 },
          { lat: 41.81, lon: -87.61 },
        ],
        ez_type: stationType,
      },
    ]);
    const [legacy, poi, zone] = records;
    expect(legacy).toMatchObject({ isLegacy: true, isPoi: false, isExclusion: true, radius: 1609 });
    expect(poi).toMatchObject({ isLegacy: false, isPoi: true, isExclusion: false });
    expect(zone).toMatchObject({ isLegacy: false, isPoi: false, isStationView: true, ezTypeName: 'Station' });
    expect(zone?.lineStringArray).toHaveLength(3);
    expect(records.map(areaTypeLabel)).toEqual([
      'Exclusion Zone',
      'Point of Interest',
      'Exclusion Zone (grouping)',
    ]);
  });

  it('sorts names in the text order it is given, not the host locale', () => {
    const { records } = decodeAreaTypes([
      { id: 1, db_name: 'zoo', display_name: 'Zoo' },
      { id: 2, db_name: 'other', display_name: 'Other' },
      { id: 3, db_name: 'aerodrome', display_name: 'Äerodrome' },
    ]);
    const names = (compare: (a: string, b: string) => number) =>
      sortAreaTypes(records, compare).map((type) => type.displayName);
    // German puts Ä with A; Swedish puts it after Z.
    expect(names(new Intl.Collator('de').compare)).toEqual(['Äerodrome', 'Zoo', 'Other']);
    expect(names(new Intl.Collator('sv').compare)).toEqual(['Zoo', 'Äerodrome', 'Other']);
  });

  it('sorts area types by name with "Other" last, and knows the autonomous-vehicle types', () => {
    const { records } = decodeAreaTypes([
      { id: 1, db_name: 'other', display_name: 'Other' },
      { id: 2, db_name: 'school', display_name: 'School' },
      { id: 3, db_name: 'no_stop', display_name: 'No Stop' },
    ]);
    const english = new Intl.Collator('en').compare;
    expect(sortAreaTypes(records, english).map((type) => type.displayName)).toEqual([
      'No Stop',
      'School',
      'Other',
    ]);
    expect(records.find((type) => type.dbName === 'no_stop')?.isAutonomousVehicleType).toBe(true);
  });
});

describe('alerting zones', () => {
  it('names a zone by description, else external id, else its type in words; status from is_active', () => {
    const { records, dropped } = decodeAlertingZones([
      { id: 'z1', description: 'Ramp 4', alerting_zone_type_name: 'wrong_way_driver', is_active: true },
      { id: 'z2', external_id: 'WWD-7', alerting_zone_type_name: 'wrong_way_driver' },
      {
        id: 'z3',
        alerting_zone_type_name: 'wrong_way_driver',
        features: [{ type: 'polyline', geometry: [{ lat: 1, lon: 2 }] }],
      },
      { description: 'no id' },
    ]);
    expect(dropped).toBe(1);
    expect(records.map((zone) => [zone.displayName, zone.status])).toEqual([
      ['Ramp 4', 'active'],
      ['WWD-7', 'standby'],
      ['Wrong Way Driver', 'standby'],
    ]);
    expect(records[2]?.geometry).toEqual([{ lat: 1, lng: 2 }]);
  });

  it('writes the organization on create and the id on update', () => {
    const path = [{ lat: 41.8, lng: -87.6 }];
    expect(alertingZoneWritePayload({ organizationId: 'o1', hotspotId: null, path })).toEqual({
      type: 'wrong_way_driver',
      hotspot_id: null,
      geom_type: 'polyline',
      geometry: [{ lat: 41.8, lon: -87.6 }],
      organization_id: 'o1',
    });
    expect(
      alertingZoneWritePayload({ zoneId: 'z1', organizationId: 'o1', hotspotId: 'h', path }),
    ).toMatchObject({ id: 'z1' });
  });
});

describe('organizations and the profile', () => {
  const organization = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: `Org ${id}`,
    ...extra,
  });

  it('a large organization is polled, any other streamed', () => {
    expect(eventSourceOf(mapServerOrganization(organization('a', { is_large_org: true })))).toBe('polling');
    expect(eventSourceOf(mapServerOrganization(organization('b')))).toBe('streaming');
  });

  it('events read "Incidents" by the organization setting, else when every asset is a responder', () => {
    const unset = mapServerOrganization(organization('a'));
    expect(isResponderOrganization(unset, [{ isResponder: true }, { isResponder: true }])).toBe(true);
    expect(isResponderOrganization(unset, [{ isResponder: true }, { isResponder: false }])).toBe(false);
    expect(isResponderOrganization(unset, [])).toBe(false);
    const setting = mapServerOrganization(organization('b', { is_responder: true }));
    expect(isResponderOrganization(setting, [{ isResponder: false }])).toBe(true);
    expect([eventsLabel(true), eventsLabel(false)]).toEqual(['Incidents', 'Events']);
  });

  it('reads the profile; a broken managed organization is dropped and counted, not fatal', () => {
    const profile = decodeProfile({
      user: {
        id: 'u1',
        email: 'user@demo.test',
        firstname: 'Dana',
        lastname: 'Reyes',
        organization_id: 'a',
        permissions: ['thing:read'],
      },
      user_org: organization('a', { organization_type: { name: 'parent', acs: true } }),
      managed_orgs: [organization('b'), { id: 'broken' }],
      accessed_orgs: [organization('c'), organization('b')],
    });
    expect(profile?.displayName).toBe('Dana Reyes');
    expect(profile?.permissions.has('thing:read')).toBe(true);
    expect(profile?.droppedOrganizations).toBe(1);
    expect(profile && viewableOrganizations(profile).map((org) => org.id)).toEqual(['a', 'b', 'c']);
    expect(profile && maySwitchOrganization(profile)).toBe(true);
    expect(decodeProfile({ user: { id: 'u1' } })).toBeNull();
  });
});
