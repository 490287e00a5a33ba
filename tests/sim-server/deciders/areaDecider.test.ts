// Every decision of the area writes (live §7 create / update / delete, rules of live §5, texts of live §8), without
// Fastify: given the area's events and the facts the save reads, when a command, then the events or the refusal.
import { describe, expect, it } from 'vitest';
import type { AreaRecord, AreaSave, AreaTypeRecord } from '#domain/areas/areaRecord';
import { POSITION_MISSING } from '#domain/areas/areaRules';
import { INVALID_ZIP_CODE } from '#domain/organizations/organizationAddress';
import {
  AREA_NOT_FOUND,
  AUTONOMOUS_VEHICLE_AREAS_FOR_STAFF,
  decideArea,
  evolveArea,
  NO_AREA_STATE,
  STATION_RADIUS_METRES,
  type AreaCaller,
  type AreaCommand,
  type AreaEvent,
  type AreaState,
} from '#sim/areas/areaDecider';
import { given, type Decider } from '../support/givenWhenThen.ts';

const OWN = 'org-responders';
const ACCESSED = 'org-accessed';
const HIDDEN = 'org-hidden';
const user: AreaCaller = { reachable: new Set([OWN, ACCESSED]), writable: new Set([OWN]), isStaff: false };
const staff: AreaCaller = { ...user, isStaff: true };

const areas: Decider<AreaCommand, AreaState, AreaEvent> = {
  initial: NO_AREA_STATE,
  evolve: evolveArea,
  decide: decideArea,
};

const school: AreaTypeRecord = {
  id: '3',
  db_name: 'school_zone',
  display_name: 'School Zone',
  is_station_view: false,
  is_av_type: false,
};
const station: AreaTypeRecord = {
  ...school,
  id: '1',
  db_name: 'station',
  display_name: 'Station',
  is_station_view: true,
};
const noStop: AreaTypeRecord = {
  ...school,
  id: '6',
  db_name: 'no_stop',
  display_name: 'No Stop',
  is_av_type: true,
};
const facts = (areaType: AreaTypeRecord = school): AreaState => ({
  ...NO_AREA_STATE,
  areaType,
  organizationName: 'Lakeside Responders',
});

/** About 100 m by 100 m near the Loop. */
const square = [
  { lat: 41.88, lon: -87.63 },
  { lat: 41.88, lon: -87.6288 },
  { lat: 41.8809, lon: -87.6288 },
  { lat: 41.8809, lon: -87.63 },
];

function save(overrides: Partial<AreaSave> = {}): AreaSave {
  return {
    name: ' Lincoln School ',
    ez_type_id: school.id,
    point_geom: { lat: 41.880456789, lng: -87.63 },
    area_geom: square,
    ...overrides,
  };
}

const create = (body: AreaSave, caller = user, organizationId = OWN): AreaCommand => ({
  type: 'CreateArea',
  caller,
  organizationId,
  save: body,
});
const update = (body: AreaSave, caller = user): AreaCommand => ({
  type: 'UpdateArea',
  caller,
  areaId: 'a-1',
  save: body,
});
const remove = (caller = user): AreaCommand => ({ type: 'DeleteArea', caller, areaId: 'a-1' });

function savedArea(overrides: Partial<AreaRecord> = {}): Extract<AreaEvent, { type: 'AreaSaved' }> {
  const event = given(areas, [], facts())
    .when(create(save()), { newId: () => 'a-1' })
    .accepted()[0]?.event;
  if (event?.type !== 'AreaSaved') throw new Error('no area saved');
  return { type: 'AreaSaved', data: { ...event.data, ...overrides } };
}

describe('creating an area', () => {
  it('saves it with a new id, the name trimmed and coordinates truncated to 7 decimals', () => {
    const accepted = given(areas, [], facts())
      .when(create(save()), { newId: () => 'a-1' })
      .accepted();
    expect(accepted[0]).toMatchObject({
      streamId: 'a-1',
      organizationId: OWN,
      event: {
        type: 'AreaSaved',
        data: {
          id: 'a-1',
          name: 'Lincoln School',
          organization_name: 'Lakeside Responders',
          point_geom: { lat: 41.8804567, lon: -87.63 },
          lat: 41.8804567,
          ez_type: school,
          radius_dist: 0,
          is_active: true,
        },
      },
    });
  });

  it('gives a station without a polygon the default radius', () => {
    const accepted = given(areas, [], facts(station))
      .when(create(save({ ez_type_id: station.id, area_geom: null })))
      .accepted();
    expect(accepted[0]?.event).toMatchObject({
      data: { radius_dist: STATION_RADIUS_METRES, area_geom: null },
    });
  });

  it('refuses an organization out of sight (404) or only accessed (403)', () => {
    given(areas, [], facts())
      .when(create(save(), user, HIDDEN))
      .thenRefused({ kind: 'organization_not_found' });
    given(areas, [], facts())
      .when(create(save(), user, ACCESSED))
      .thenRefused({ kind: 'forbidden' });
  });

  it('lets provider staff create areas in an organization they only access, not in one out of sight', () => {
    given(areas, [], facts())
      .when(create(save(), staff, ACCESSED))
      .accepted();
    given(areas, [], facts())
      .when(create(save(), staff, HIDDEN))
      .thenRefused({ kind: 'organization_not_found' });
  });

  it('refuses a missing position, a missing type and a half-filled address with the form texts', () => {
    given(areas, [], facts())
      .when(create(save({ point_geom: null })))
      .thenRefused({
        kind: 'bad_request',
        problems: [`point_geom: ${POSITION_MISSING}`],
      });
    given(areas, [], facts())
      .when(create(save({ ez_type_id: null })))
      .thenRefused({
        kind: 'bad_request',
        problems: ['ez_type_id: is required'],
      });
    const { decision } = given(areas, [], facts()).when(
      create(
        save({
          address1: '1 Main St',
          city: 'Chicago',
          state: 'IL',
          country_code: 'US',
          postal_code: '6060',
        }),
      ),
    );
    expect(decision).toEqual({
      refused: { kind: 'bad_request', problems: [`postal_code: ${INVALID_ZIP_CODE}`] },
    });
  });

  it('refuses an unknown type', () => {
    given(areas, [], { ...facts(), areaType: null })
      .when(create(save()))
      .thenRefused({
        kind: 'bad_request',
        problems: ['ez_type_id: not a known area type'],
      });
  });

  it('leaves autonomous-vehicle areas to provider staff (403 with the reason)', () => {
    given(areas, [], facts(noStop))
      .when(create(save({ ez_type_id: noStop.id })))
      .thenRefused({ kind: 'forbidden', message: AUTONOMOUS_VEHICLE_AREAS_FOR_STAFF });
    given(areas, [], facts(noStop))
      .when(create(save({ ez_type_id: noStop.id }), staff))
      .accepted();
  });

  it('refuses bad shapes with the provider texts: "invalid", "too large"', () => {
    const { decision: few } = given(areas, [], facts()).when(create(save({ area_geom: square.slice(0, 2) })));
    expect(few).toMatchObject({
      refused: { kind: 'unprocessable', text: expect.stringContaining('Exclusion shape is invalid') },
    });
    const crossing = [square[0], square[2], square[1], square[3]].filter((point) => point !== undefined);
    const { decision: crossed } = given(areas, [], facts()).when(create(save({ area_geom: crossing })));
    expect(crossed).toMatchObject({ refused: { text: expect.stringContaining('edges cross') } });
    const huge = [
      { lat: 41.8, lon: -87.7 },
      { lat: 41.8, lon: -87.6 },
      { lat: 41.9, lon: -87.6 },
      { lat: 41.9, lon: -87.7 },
    ];
    const { decision: large } = given(areas, [], facts()).when(create(save({ area_geom: huge })));
    expect(large).toMatchObject({ refused: { text: expect.stringContaining('Polygon area is too large') } });
  });
});

describe('updating and deleting an area', () => {
  it('saves the new form, keeping the id, the organization, the asset and the active flag', () => {
    const before = savedArea({ thing_id: 'thing-1', is_active: false });
    const accepted = given(areas, [before], facts())
      .when(update(save({ name: 'Renamed' })))
      .accepted();
    expect(accepted[0]?.event).toMatchObject({
      data: { id: 'a-1', organization_id: OWN, name: 'Renamed', thing_id: 'thing-1', is_active: false },
    });
  });

  it('deletes it in its stream', () => {
    given(areas, [savedArea()])
      .when(remove())
      .thenEvents([
        { event: { type: 'AreaDeleted', data: { id: 'a-1' } }, streamId: 'a-1', organizationId: OWN },
      ]);
  });

  it('refuses unknown, deleted and foreign areas (404 "Area not found")', () => {
    const notFound = { kind: 'not_found', text: AREA_NOT_FOUND } as const;
    given(areas, [], facts()).when(update(save())).thenRefused(notFound);
    given(areas, [savedArea(), { type: 'AreaDeleted', data: { id: 'a-1' } }])
      .when(remove())
      .thenRefused(notFound);
    given(areas, [savedArea({ organization_id: HIDDEN })])
      .when(remove())
      .thenRefused(notFound);
  });

  it('refuses areas of an organization only accessed, and autonomous-vehicle areas to all but staff (403)', () => {
    given(areas, [savedArea({ organization_id: ACCESSED })], facts())
      .when(update(save()))
      .thenRefused({ kind: 'forbidden' });
    given(areas, [savedArea({ organization_id: ACCESSED })])
      .when(remove(staff))
      .accepted();
    given(areas, [savedArea({ organization_id: ACCESSED })], facts())
      .when(update(save(), staff))
      .accepted();
    given(areas, [savedArea({ ez_type: noStop })])
      .when(remove())
      .thenRefused({ kind: 'forbidden' });
    given(areas, [savedArea({ ez_type: noStop })])
      .when(remove(staff))
      .accepted();
  });
});
