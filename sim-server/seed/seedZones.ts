// Wrong-way-driver zones on ramps, for the coordination center and the road works.
import type { AlertingZoneRecord } from '#domain/zones/alertingZoneRecord';
import { anchorOf, round7, type LiveSeedContext, type SeedThing } from './liveSeedWorld.ts';

export function seedZones(context: LiveSeedContext): void {
  const { faker, coordination, roadWorks, responderThings, roadWorkThings, add } = context;
  const anchor = (list: typeof responderThings, index: number) => anchorOf(context, list, index);
  const zone = (
    organizationId: string,
    at: SeedThing | undefined,
    description: string | null,
  ): AlertingZoneRecord | null =>
    at
      ? {
          id: faker.string.uuid(),
          organization_id: organizationId,
          hotspot_id: `HS-${faker.string.numeric(4)}`,
          description,
          external_id: `WWD-${faker.string.numeric(5)}`,
          alerting_zone_type_name: 'wrong_way_driver',
          alert_message: 'Wrong way driver ahead',
          features: [
            {
              type: 'polyline',
              geometry: [
                { lat: round7(at.lat), lon: round7(at.lng) },
                { lat: round7(at.lat + 0.001), lon: round7(at.lng + 0.0012) },
              ],
            },
          ],
          is_active: description !== null,
          active_things: [],
          active_locations: [],
          default_expiry: 3600,
        }
      : null;
  const zones = [
    zone(coordination.id, anchor(responderThings, 23), 'I-90 exit 51 ramp'),
    zone(coordination.id, anchor(responderThings, 29), null),
    zone(roadWorks.id, anchor(roadWorkThings, 17), 'Lake Shore Dr northbound ramp'),
  ];
  for (const record of zones) {
    if (record) add({ type: 'AlertingZoneSaved', data: record }, record.id, record.organization_id);
  }
}
