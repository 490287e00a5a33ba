// Every decision of a location move (live §7 `PUT /api/locations/{id}`, refusals of live §8), without Fastify.
import { describe, it } from 'vitest';
import type { LocationRecord } from '#domain/locations/locationRecord';
import {
  decideLocation,
  evolveLocation,
  LOCATION_NO_ACCESS,
  LOCATION_NOT_ACTIVE,
  LOCATION_NOT_FOUND,
  type LocationEvent,
  type LocationState,
  type MoveLocation,
} from '#sim/locations/locationDecider';
import type { CallerReach } from '#sim/kernel/decision';
import { given, type Decider } from '../support/givenWhenThen.ts';

const OWN = 'org-own';
const MANAGED = 'org-managed';
const ACCESSED = 'org-accessed';
const HIDDEN = 'org-hidden';

const caller: CallerReach = {
  reachable: new Set([OWN, MANAGED, ACCESSED]),
  writable: new Set([OWN, MANAGED]),
};

const locations: Decider<MoveLocation, LocationState, LocationEvent> = {
  initial: null,
  evolve: evolveLocation,
  decide: decideLocation,
};

function saved(overrides: Partial<LocationRecord> = {}): LocationEvent {
  return {
    type: 'LocationSaved',
    data: {
      id: 'loc-1',
      organization_id: OWN,
      external_id: 'INC-1',
      is_active: true,
      lat: 41.88,
      lng: -87.63,
      street: 'W MADISON ST',
      roadway_heading: 90,
      things_active: [],
      things_inactive: [],
      start_time: '2026-03-02T14:00:00.000Z',
      end_time: null,
      alt: null,
      alert_message: null,
      features: [],
      ...overrides,
    },
  };
}

function move(
  organizationId = OWN,
  roadwayHeading?: number | null,
  streetAtMove: string | null = null,
): MoveLocation {
  return {
    type: 'MoveLocation',
    locationId: 'loc-1',
    caller,
    streetAtMove,
    move: {
      lat: 41.9,
      lng: -87.6,
      organization_id: organizationId,
      ...(roadwayHeading === undefined ? {} : { roadway_heading: roadwayHeading }),
    },
  };
}

describe('moving a location', () => {
  it('saves the location at the new position, keeping the heading when none is sent', () => {
    const before = saved();
    given(locations, [before])
      .when(move())
      .thenEvents([
        {
          event: { type: 'LocationSaved', data: { ...before.data, lat: 41.9, lng: -87.6 } },
          streamId: 'loc-1',
          organizationId: OWN,
        },
      ]);
  });

  it('takes the name of the street at the new position, and keeps the old one when no street is near', () => {
    const before = saved();
    given(locations, [before])
      .when(move(OWN, undefined, 'N STATE ST'))
      .thenEvents([
        {
          event: {
            type: 'LocationSaved',
            data: { ...before.data, lat: 41.9, lng: -87.6, street: 'N STATE ST' },
          },
          streamId: 'loc-1',
          organizationId: OWN,
        },
      ]);
    given(locations, [before])
      .when(move(OWN, undefined, null))
      .thenEvents([
        {
          event: { type: 'LocationSaved', data: { ...before.data, lat: 41.9, lng: -87.6 } },
          streamId: 'loc-1',
          organizationId: OWN,
        },
      ]);
  });

  it('takes a new heading, or clears it with null', () => {
    const before = saved();
    given(locations, [before])
      .when(move(OWN, 180))
      .thenEvents([
        {
          event: {
            type: 'LocationSaved',
            data: { ...before.data, lat: 41.9, lng: -87.6, roadway_heading: 180 },
          },
          streamId: 'loc-1',
          organizationId: OWN,
        },
      ]);
    given(locations, [before])
      .when(move(OWN, null))
      .thenEvents([
        {
          event: {
            type: 'LocationSaved',
            data: { ...before.data, lat: 41.9, lng: -87.6, roadway_heading: null },
          },
          streamId: 'loc-1',
          organizationId: OWN,
        },
      ]);
  });

  it('moves a location of an organization the caller manages', () => {
    given(locations, [saved({ organization_id: MANAGED })])
      .when(move(MANAGED))
      .accepted();
  });

  it('refuses an organization the caller cannot see with 404 "Organization not found"', () => {
    given(locations, [saved()]).when(move(HIDDEN)).thenRefused({ kind: 'organization_not_found' });
  });

  // Issue 24: "access" for a location of an organization the caller cannot see confirmed that it exists.
  it('answers a location of an organization the caller cannot see as not found', () => {
    given(locations, [saved({ organization_id: HIDDEN })])
      .when(move(OWN))
      .thenRefused({ kind: 'unprocessable', text: LOCATION_NOT_FOUND });
  });

  it('refuses an unknown location: "Location not found"', () => {
    given(locations).when(move()).thenRefused({ kind: 'unprocessable', text: LOCATION_NOT_FOUND });
  });

  it('refuses another organization than the location\'s, or one the caller only reads: "access"', () => {
    given(locations, [saved()])
      .when(move(MANAGED))
      .thenRefused({ kind: 'unprocessable', text: LOCATION_NO_ACCESS });
    given(locations, [saved({ organization_id: ACCESSED })])
      .when(move(ACCESSED))
      .thenRefused({ kind: 'unprocessable', text: LOCATION_NO_ACCESS });
  });

  it('refuses an ended location: "Location is no longer active"', () => {
    given(locations, [saved({ is_active: false, end_time: '2026-03-02T14:30:00.000Z' })])
      .when(move())
      .thenRefused({ kind: 'unprocessable', text: LOCATION_NOT_ACTIVE });
  });

  it('decides on the latest save of the stream', () => {
    given(locations, [saved(), saved({ is_active: false })])
      .when(move())
      .thenRefused({ kind: 'unprocessable', text: LOCATION_NOT_ACTIVE });
  });
});
