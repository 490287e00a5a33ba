// The thing type, subtype and area type catalogues: every type and subtype the fleet uses, plus the default type.
import { catalogueNameInWords } from '#domain/things/thingTypes';
import type { AreaTypeRecord } from '../store/catalogRecords.ts';
import type { LiveSeedContext } from './liveSeedWorld.ts';

const EMERGENCY_TYPES = new Set(['police', 'fire', 'ambulance']);

const AREA_TYPE_PLANS: readonly Omit<AreaTypeRecord, 'id'>[] = [
  { db_name: 'station', display_name: 'Station', is_station_view: true, is_av_type: false },
  { db_name: 'hospital', display_name: 'Hospital', is_station_view: false, is_av_type: false },
  { db_name: 'school_zone', display_name: 'School Zone', is_station_view: false, is_av_type: false },
  { db_name: 'work_zone', display_name: 'Work Zone', is_station_view: false, is_av_type: false },
  { db_name: 'no_stop', display_name: 'No Stop', is_station_view: false, is_av_type: true },
  { db_name: 'no_enter', display_name: 'No Enter', is_station_view: false, is_av_type: true },
  { db_name: 'other', display_name: 'Other', is_station_view: false, is_av_type: false },
];

/** Display names in title case, acronyms in capitals ("Arrow Board", "ALS", "SUV"). */
const humanise = (name: string) =>
  catalogueNameInWords(name)
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** Returns the area types by name, for the seeded areas. */
export function seedCatalogues({ faker, things, add }: LiveSeedContext): Map<string, AreaTypeRecord> {
  const typeIds = new Map<string, string>();
  for (const name of [...new Set(things.map((thing) => thing.thing_type)), 'default'].sort()) {
    const id = faker.string.uuid();
    typeIds.set(name, id);
    add(
      {
        type: 'ThingTypeRegistered',
        data: { id, name, display_name: humanise(name), emergency: EMERGENCY_TYPES.has(name) },
      },
      id,
      null,
    );
  }
  const subtypes = new Map<string, { name: string; type: string }>();
  for (const thing of things) {
    if (thing.thing_subtype_uuid && thing.thing_subtype)
      subtypes.set(thing.thing_subtype_uuid, { name: thing.thing_subtype, type: thing.thing_type });
  }
  for (const [id, subtype] of [...subtypes].sort(([a], [b]) => a.localeCompare(b))) {
    const data = {
      id,
      name: subtype.name,
      display_name: humanise(subtype.name),
      thing_type_id: typeIds.get(subtype.type) ?? '',
    };
    add({ type: 'ThingSubtypeRegistered', data }, id, null);
  }
  const areaTypes = new Map<string, AreaTypeRecord>();
  AREA_TYPE_PLANS.forEach((plan, index) => {
    const record = { id: String(index + 1), ...plan };
    areaTypes.set(plan.db_name, record);
    add({ type: 'AreaTypeRegistered', data: record }, record.id, null);
  });
  return areaTypes;
}
