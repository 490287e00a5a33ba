// Every decision of the alerting-zone writes (live §7 create / update / delete), without Fastify.
import { describe, expect, it } from 'vitest';
import type { AlertingZoneRecord, AlertingZoneSave } from '#domain/zones/alertingZoneRecord';
import {
  decideAlertingZone,
  evolveAlertingZone,
  ZONE_NOT_FOUND,
  type AlertingZoneCommand,
  type AlertingZoneEvent,
  type AlertingZoneState,
} from '#sim/zones/alertingZoneDecider';
import type { CallerReach } from '#sim/kernel/decision';
import { given, type Decider } from '../support/givenWhenThen.ts';

const OWN = 'org-center';
const ACCESSED = 'org-accessed';
const HIDDEN = 'org-hidden';
const caller: CallerReach = { reachable: new Set([OWN, ACCESSED]), writable: new Set([OWN]) };

const zones: Decider<AlertingZoneCommand, AlertingZoneState, AlertingZoneEvent> = {
  initial: null,
  evolve: evolveAlertingZone,
  decide: decideAlertingZone,
};

function save(overrides: Partial<AlertingZoneSave> = {}): AlertingZoneSave {
  return {
    type: 'wrong_way_driver',
    hotspot_id: 'ramp-4',
    geom_type: 'polyline',
    geometry: [
      { lat: 41.876543219, lon: -87.6 },
      { lat: 41.877, lon: -87.601 },
    ],
    ...overrides,
  };
}

const create = (body = save(), organizationId = OWN): AlertingZoneCommand => ({
  type: 'CreateAlertingZone',
  caller,
  organizationId,
  save: body,
});
const update = (body = save()): AlertingZoneCommand => ({
  type: 'UpdateAlertingZone',
  caller,
  zoneId: 'z-1',
  save: body,
});
const remove = (): AlertingZoneCommand => ({ type: 'DeleteAlertingZone', caller, zoneId: 'z-1' });

function savedZone(
  overrides: Partial<AlertingZoneRecord> = {},
): Extract<AlertingZoneEvent, { type: 'AlertingZoneSaved' }> {
  const event = given(zones)
    .when(create(save({ description: 'Ramp 4', alert_message: 'Wrong way' })), { newId: () => 'z-1' })
    .accepted()[0]?.event;
  if (event?.type !== 'AlertingZoneSaved') throw new Error('no zone saved');
  return { type: 'AlertingZoneSaved', data: { ...event.data, ...overrides } };
}

describe('alerting zone writes', () => {
  it('creates a zone with a new id, the path truncated to 7 decimals, active, expiring after an hour', () => {
    given(zones)
      .when(create(), { newId: () => 'z-1' })
      .thenEvents([
        {
          event: {
            type: 'AlertingZoneSaved',
            data: {
              id: 'z-1',
              organization_id: OWN,
              hotspot_id: 'ramp-4',
              description: null,
              external_id: null,
              alerting_zone_type_name: 'wrong_way_driver',
              alert_message: null,
              features: [
                {
                  type: 'polyline',
                  geometry: [
                    { lat: 41.8765432, lon: -87.6 },
                    { lat: 41.877, lon: -87.601 },
                  ],
                },
              ],
              is_active: true,
              active_things: [],
              active_locations: [],
              default_expiry: 3600,
            },
          },
          streamId: 'z-1',
          organizationId: OWN,
        },
      ]);
  });

  it('refuses an organization out of sight (404) or only accessed (403)', () => {
    given(zones).when(create(save(), HIDDEN)).thenRefused({ kind: 'organization_not_found' });
    given(zones).when(create(save(), ACCESSED)).thenRefused({ kind: 'forbidden' });
  });

  it('updates the path, keeping the texts and the flag the body leaves out', () => {
    const accepted = given(zones, [savedZone({ is_active: false })])
      .when(update(save({ hotspot_id: null })))
      .accepted();
    expect(accepted[0]?.event).toMatchObject({
      data: {
        id: 'z-1',
        hotspot_id: null,
        description: 'Ramp 4',
        alert_message: 'Wrong way',
        is_active: false,
      },
    });
  });

  it('deletes a zone in its stream', () => {
    given(zones, [savedZone()])
      .when(remove())
      .thenEvents([
        { event: { type: 'AlertingZoneDeleted', data: { id: 'z-1' } }, streamId: 'z-1', organizationId: OWN },
      ]);
  });

  it('refuses unknown, deleted and foreign zones (404), and zones only accessed (403)', () => {
    const notFound = { kind: 'not_found', text: ZONE_NOT_FOUND } as const;
    given(zones).when(update()).thenRefused(notFound);
    given(zones, [savedZone(), { type: 'AlertingZoneDeleted', data: { id: 'z-1' } }])
      .when(remove())
      .thenRefused(notFound);
    given(zones, [savedZone({ organization_id: HIDDEN })])
      .when(update())
      .thenRefused(notFound);
    given(zones, [savedZone({ organization_id: ACCESSED })])
      .when(remove())
      .thenRefused({ kind: 'forbidden' });
  });
});
