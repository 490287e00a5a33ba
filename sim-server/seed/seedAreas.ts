// Areas: stations and a hospital for the responders, a school-zone exclusion, a work zone, an AV no-stop zone.
import type { AreaRecord } from '#domain/areas/areaRecord';
import type { AreaTypeRecord } from '../store/catalogRecords.ts';
import {
  anchorOf,
  round7,
  squareAround,
  type LiveSeedContext,
  type SeedOrganization,
} from './liveSeedWorld.ts';

export function seedAreas(context: LiveSeedContext, areaTypes: ReadonlyMap<string, AreaTypeRecord>): void {
  const { faker, responders, roadWorks, coordination, responderThings, roadWorkThings, add } = context;
  const anchor = (list: typeof responderThings, index: number) => anchorOf(context, list, index);
  const area = (
    organization: SeedOrganization,
    typeName: string,
    name: string,
    centre: { lat: number; lng: number },
    shape: 'point' | 'circle' | 'polygon',
  ): AreaRecord => {
    const type = areaTypes.get(typeName);
    if (!type) throw new Error(`No area type ${typeName}`);
    return {
      id: faker.string.uuid(),
      organization_id: organization.id,
      organization_name: organization.name,
      thing_id: null,
      name,
      desc: `${name} (seeded)`,
      lat: round7(centre.lat),
      lng: round7(centre.lng),
      radius_dist: shape === 'circle' ? 100 : 0,
      is_active: true,
      area_geom: shape === 'polygon' ? squareAround(centre.lat, centre.lng, 0.0012) : null,
      point_geom: { lat: round7(centre.lat), lon: round7(centre.lng) },
      ez_type: type,
      address1: `${faker.number.int({ min: 100, max: 4999 })} ${faker.location.street()}`,
      address2: null,
      city: 'Chicago',
      state: 'IL',
      postal_code: `606${faker.string.numeric(2)}`,
      country_code: 'US',
    };
  };
  const areas: AreaRecord[] = [];
  for (const [index, label] of ['Station 1', 'Station 2', 'Station 3'].entries()) {
    const at = anchor(responderThings, index * 7);
    if (at) areas.push(area(responders, 'station', `Fire ${label}`, at, index === 0 ? 'polygon' : 'circle'));
  }
  const hospitalAt = anchor(responderThings, 11);
  if (hospitalAt) areas.push(area(responders, 'hospital', 'Mercy Hospital', hospitalAt, 'point'));
  const schoolAt = anchor(responderThings, 17);
  if (schoolAt) areas.push(area(responders, 'school_zone', 'Dunbar School Zone', schoolAt, 'polygon'));
  const workAt = anchor(roadWorkThings, 3);
  if (workAt) areas.push(area(roadWorks, 'work_zone', 'Lake Shore Resurfacing', workAt, 'polygon'));
  const avAt = anchor(roadWorkThings, 9);
  if (avAt) areas.push(area(coordination, 'no_stop', 'Loop AV No-Stop Corridor', avAt, 'polygon'));
  for (const record of areas) add({ type: 'AreaSaved', data: record }, record.id, record.organization_id);
}
