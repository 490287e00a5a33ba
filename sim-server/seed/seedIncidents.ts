// Incidents (the wire's locations): two going on with responders on scene, two that ended earlier.
import type { LocationRecord, LocationThingRecord } from '#domain/locations/locationRecord';
import {
  anchorOf,
  HOUR,
  iso,
  MINUTE,
  round7,
  type LiveSeedContext,
  type SeedThing,
} from './liveSeedWorld.ts';

export function seedIncidents(context: LiveSeedContext): void {
  const { faker, now, responders, responderThings, add } = context;
  const anchor = (list: typeof responderThings, index: number) => anchorOf(context, list, index);
  const onScene = (thing: SeedThing, startedAt: number, endedAt: number | null): LocationThingRecord => ({
    id: thing.id,
    external_id: thing.external_id,
    system_identifier: thing.system_identifier,
    nickname: thing.nickname,
    vin_number: thing.vin_number,
    license_plate_number: thing.license_plate_number,
    registry_number: thing.registry_number,
    runtime: Math.round(((endedAt ?? now) - startedAt) / 1000),
    start_time: iso(startedAt),
    end_time: endedAt === null ? null : iso(endedAt),
  });
  for (let index = 0; index < 4; index += 1) {
    const isActive = index < 2;
    const lead = anchor(responderThings, 3 + index * 5);
    if (!lead) continue;
    const crew = [lead, anchor(responderThings, 4 + index * 5), anchor(responderThings, 40 + index)].filter(
      (thing): thing is SeedThing => thing !== undefined,
    );
    const startedAt = now - (isActive ? (index + 1) * 25 * MINUTE : (index + 2) * 5 * HOUR);
    const endedAt = isActive ? null : startedAt + 90 * MINUTE;
    const record: LocationRecord = {
      id: faker.string.uuid(),
      organization_id: responders.id,
      external_id: `INC-${faker.string.numeric(6)}`,
      is_active: isActive,
      lat: round7(lead.lat),
      lng: round7(lead.lng),
      street: lead.street,
      roadway_heading: faker.number.int({ min: 0, max: 359 }),
      things_active: isActive ? crew.slice(0, 2).map((thing) => onScene(thing, startedAt, null)) : [],
      things_inactive: isActive
        ? crew.slice(2).map((thing) => onScene(thing, startedAt, startedAt + 20 * MINUTE))
        : crew.map((thing) => onScene(thing, startedAt, endedAt)),
      start_time: iso(startedAt),
      end_time: endedAt === null ? null : iso(endedAt),
      alt: null,
      alert_message: isActive ? 'Emergency vehicles ahead' : null,
      features: [],
    };
    add({ type: 'LocationSaved', data: record }, record.id, record.organization_id);
  }
}
