// The Zones screens' rules (live §3 "Alerting zone", §8 "Zones"): display names, status, the list's filters, the
// form's problems, the write payload for a create and an update, and the error texts.
import { describe, expect, it } from 'vitest';
import { decodeAlertingZones, type AlertingZone } from '#domain/zones/alertingZone';
import {
  ALL_ZONES,
  filterZones,
  NEW_ZONE_FORM,
  ZONE_PATH_MISSING,
  zoneErrorMessage,
  zoneFormOf,
  zoneFormProblems,
  zoneSaveBody,
  zoneStatusLabel,
  zoneTypeChoices,
} from '#domain/zones/zoneScreens';

const line = [
  { lat: 41.87, lon: -87.64 },
  { lat: 41.871, lon: -87.639 },
];

function zones(): AlertingZone[] {
  return decodeAlertingZones([
    {
      id: 'z1',
      description: 'I-90 exit 51 ramp',
      external_id: 'WWD-1',
      hotspot_id: 'HS-1',
      alerting_zone_type_name: 'wrong_way_driver',
      alert_message: 'Wrong way driver ahead',
      features: [{ type: 'polyline', geometry: line }],
      is_active: true,
    },
    { id: 'z2', description: null, external_id: 'WWD-2', alerting_zone_type_name: 'wrong_way_driver' },
    { id: 'z3', description: '', external_id: null, alerting_zone_type_name: 'school_speed_zone' },
    { id: 'z4', description: 42 }, // dropped: fails its structural check (live §5)
  ]).records;
}

describe('zones as live §3 names them', () => {
  it('shows the description, else the external id, else the type in words; active or standby', () => {
    const [first, second, third] = zones();
    expect([first?.displayName, second?.displayName, third?.displayName]).toEqual([
      'I-90 exit 51 ramp',
      'WWD-2',
      'School Speed Zone',
    ]);
    expect([first, second].map((zone) => (zone ? zoneStatusLabel(zone) : ''))).toEqual(['Active', 'Standby']);
    expect(first?.hotspotId).toBe('HS-1');
  });
});

describe('the zone list filters', () => {
  it('narrows by type, active only and search', () => {
    const all = zones();
    const ids = (filter: Partial<typeof ALL_ZONES>) =>
      filterZones(all, { ...ALL_ZONES, ...filter }).map((zone) => zone.id);
    expect(ids({})).toEqual(['z1', 'z2', 'z3']);
    expect(ids({ typeName: 'wrong_way_driver' })).toEqual(['z1', 'z2']);
    expect(ids({ activeOnly: true })).toEqual(['z1']);
    expect(ids({ search: 'wwd-2' })).toEqual(['z2']);
    expect(ids({ search: 'driver ahead' })).toEqual(['z1']);
    expect(zoneTypeChoices(all)).toEqual([
      { typeName: 'school_speed_zone', label: 'School Speed Zone' },
      { typeName: 'wrong_way_driver', label: 'Wrong Way Driver' },
    ]);
  });
});

describe('the zone form', () => {
  it('needs a line of at least 2 points and keeps the texts within their limits', () => {
    expect(zoneFormProblems(NEW_ZONE_FORM)).toEqual({ path: ZONE_PATH_MISSING });
    const drawn = {
      ...NEW_ZONE_FORM,
      path: [
        { lat: 41.87, lng: -87.64 },
        { lat: 41.871, lng: -87.639 },
      ],
    };
    expect(zoneFormProblems(drawn)).toEqual({});
    expect(zoneFormProblems({ ...drawn, alertMessage: 'x'.repeat(41) })).toEqual({
      alertMessage: '40 Max Characters',
    });
    expect(zoneFormProblems({ ...drawn, description: 'x'.repeat(101) })).toEqual({
      description: '100 Max Characters',
    });
  });

  it('sends the live §3 payload: organization on a create, the id on an update', () => {
    const [zone] = zones();
    if (!zone) throw new Error('no zone');
    const values = zoneFormOf(zone);
    expect(values).toMatchObject({ hotspotId: 'HS-1', isActive: true, description: 'I-90 exit 51 ramp' });
    const create = zoneSaveBody({ ...values, hotspotId: ' ' }, { zoneId: null, organizationId: 'org-1' });
    expect(create).toEqual({
      type: 'wrong_way_driver',
      hotspot_id: null,
      geom_type: 'polyline',
      geometry: line,
      organization_id: 'org-1',
      description: 'I-90 exit 51 ramp',
      alert_message: 'Wrong way driver ahead',
      is_active: true,
    });
    const update = zoneSaveBody({ ...values, description: '' }, { zoneId: 'z1', organizationId: 'org-1' });
    expect(update).toMatchObject({ id: 'z1', hotspot_id: 'HS-1', description: '' });
    expect(update).not.toHaveProperty('organization_id');
  });
});

describe('the zone error catalogue', () => {
  it('reads 403, 404 and other failures as live §8 says', () => {
    expect(zoneErrorMessage(403, 'forbidden')).toBe('User does not have required permissions');
    expect(zoneErrorMessage(404, 'Alerting zone not found')).toBe('Alerting zone not found');
    expect(zoneErrorMessage(404, '')).toBe('Unknown failure');
    expect(zoneErrorMessage(422, 'anything')).toBe('Unknown failure');
    expect(zoneErrorMessage(0, '')).toBe('Connection failed');
  });
});
