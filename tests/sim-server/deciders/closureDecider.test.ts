// Every decision of the closure writes (live §7 create / update / quick switch / delete, rules of live §5, refusals
// of live §8), without Fastify: given the closure's events and the facts the save reads, when a command, then the
// events or the refusal.
import { describe, expect, it } from 'vitest';
import type { ClosureRecord, ClosureSave } from '#domain/closures/closureRecord';
import { END_DATE_REQUIRED, ROUTE_MISSING } from '#domain/closures/closureRules';
import {
  ASSET_NOT_ALLOWED,
  CLOSURE_ID_TAKEN,
  CLOSURE_NOT_FOUND,
  CLOSURE_NOT_MANAGED,
  decideClosure,
  evolveClosure,
  NO_CLOSURE_STATE,
  WZDX_ID_TAKEN,
  type ClosureCommand,
  type ClosureEvent,
  type ClosureState,
} from '#sim/closures/closureDecider';
import type { CallerReach } from '#sim/kernel/decision';
import { given, type Decider } from '../support/givenWhenThen.ts';

const NOW = Date.parse('2026-03-02T15:00:00Z');
const OWN = 'org-roadworks';
const ACCESSED = 'org-accessed';
const HIDDEN = 'org-hidden';
const caller: CallerReach = { reachable: new Set([OWN, ACCESSED]), writable: new Set([OWN]) };

const closures: Decider<ClosureCommand, ClosureState, ClosureEvent> = {
  initial: NO_CLOSURE_STATE,
  evolve: evolveClosure,
  decide: decideClosure,
};

const organization = {
  id: OWN,
  name: 'Lakeside Road Works',
  type_name: 'road_works',
  is_wzdx_org: true,
  timezone: 'America/Chicago',
};
const facts: ClosureState = { ...NO_CLOSURE_STATE, organization };

const arrowBoard = {
  id: 'thing-arrow',
  nickname: 'Arrow 1',
  system_identifier: 'AB-1',
  registry_number: null,
  vin_number: null,
  license_plate_number: null,
  is_allowed_for_closures: true,
  heartbeat_at: NOW - 60_000,
};

function form(overrides: Partial<ClosureSave> = {}): ClosureSave {
  return {
    is_in_service: true,
    closure_type: 'manual',
    description: 'Left lane closed',
    direction: 'E',
    impacted_lanes: [2, 1],
    geocoded_route: [
      { lat: 41.88012345678, lng: -87.6301 },
      { lat: 41.8811, lng: -87.6291 },
    ],
    is_active: true,
    start_time: '2026-03-02T15:00:00Z',
    end_time: '2026-04-02T15:00:00Z',
    ...overrides,
  };
}

const create = (save: ClosureSave, organizationId = OWN): ClosureCommand => ({
  type: 'CreateClosure',
  caller,
  organizationId,
  save,
});
const update = (save: ClosureSave, closureId = 'c-1'): ClosureCommand => ({
  type: 'UpdateClosure',
  caller,
  closureId,
  save,
});
const remove = (closureId = 'c-1'): ClosureCommand => ({ type: 'DeleteClosure', caller, closureId });

/** A closure as saved by an accepted create. */
function createdClosure(
  overrides: Partial<ClosureRecord> = {},
): Extract<ClosureEvent, { type: 'ClosureSaved' }> {
  const accepted = given(closures, [], facts)
    .when(create(form({ uuid: 'c-1' })), { now: NOW })
    .accepted();
  const event = accepted[0]?.event as Extract<ClosureEvent, { type: 'ClosureSaved' }>;
  return { type: 'ClosureSaved', data: { ...event.data, ...overrides } };
}

const refusedWith = (text: string) => ({ kind: 'unprocessable', text }) as const;
const problem = (command: ClosureCommand, state: ClosureState = facts, events: ClosureEvent[] = []) => {
  const { decision } = given(closures, events, state).when(command, { now: NOW });
  if (!('refused' in decision) || decision.refused.kind !== 'bad_request')
    throw new Error(`expected a 400, got ${JSON.stringify(decision)}`);
  return decision.refused.problems.join('; ');
};

describe('creating a closure', () => {
  it('saves the record: the body id, routes truncated to 7 decimals, lanes sorted, activated now', () => {
    const accepted = given(closures, [], facts)
      .when(create(form({ uuid: 'c-1' })), { now: NOW })
      .accepted();
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({ streamId: 'c-1', organizationId: OWN });
    expect(accepted[0]?.event).toMatchObject({
      type: 'ClosureSaved',
      data: {
        id: 'c-1',
        uuid: 'c-1',
        impacted_lanes: [1, 2],
        geocoded_route: [
          { lat: 41.8801234, lng: -87.6301 },
          { lat: 41.8811, lng: -87.6291 },
        ],
        activation_time: '2026-03-02T15:00:00.000Z',
        organization: { id: OWN, name: 'Lakeside Road Works', organization_type: 'road_works' },
        is_dashboard_managed: true,
      },
    });
  });

  it('makes a new id when the body sends none, null or an empty one', () => {
    for (const uuid of [undefined, null, '']) {
      const save = uuid === undefined ? form() : form({ uuid });
      const accepted = given(closures, [], facts)
        .when(create(save), { newId: () => 'made-id' })
        .accepted();
      expect(accepted[0]?.streamId).toBe('made-id');
    }
  });

  it('refuses an organization the caller cannot see (404) or only accesses (403)', () => {
    given(closures, [], facts).when(create(form(), HIDDEN)).thenRefused({ kind: 'organization_not_found' });
    given(closures, [], facts).when(create(form(), ACCESSED)).thenRefused({ kind: 'forbidden' });
  });

  it('refuses an id already in use: "closures_pkey"', () => {
    given(closures, [createdClosure()], facts)
      .when(create(form({ uuid: 'c-1' })))
      .thenRefused(refusedWith(CLOSURE_ID_TAKEN));
  });

  // Issue 24: "duplicate key" for an id held by another organization's closure confirmed that closure exists.
  it('makes a new id for an id held beyond the caller’s reach, saying nothing of the closure holding it', () => {
    const held = createdClosure();
    const hidden = {
      ...held,
      data: { ...held.data, organization: { ...held.data.organization, id: HIDDEN } },
    };
    const [decided] = given(closures, [hidden], facts)
      .when(create(form({ uuid: 'c-1' })), { now: NOW, newId: () => 'made-id' })
      .accepted();
    expect(decided?.streamId).toBe('made-id');
    expect(decided?.organizationId).toBe(OWN);
  });

  it('refuses a body without the whole form: each missing field is required', () => {
    expect(problem(create({ is_active: true }))).toBe(
      'closure_type: is required; description: is required; is_in_service: is required',
    );
  });

  it('refuses when the organization is gone: 404', () => {
    given(closures).when(create(form())).thenRefused({ kind: 'organization_not_found' });
  });

  it('refuses to create a feed closure: "not managed"', () => {
    given(closures, [], facts)
      .when(create(form({ closure_type: 'feed' })))
      .thenRefused(refusedWith(CLOSURE_NOT_MANAGED));
  });

  it('applies the rules of live §5 that need other fields, the time or the organization', () => {
    expect(problem(create(form({ closure_type: 'automated' })))).toContain('thing_id');
    expect(problem(create(form({ direction: '' })))).toContain(
      'direction: is required for WZDx organizations',
    );
    expect(problem(create(form({ geocoded_route: [{ lat: 41.88, lng: -87.63 }] })))).toContain(ROUTE_MISSING);
    expect(problem(create(form({ user_route: [{ lat: 41.88, lng: -87.63 }] })))).toContain('user_route');
    expect(problem(create(form({ end_time: null })))).toContain(END_DATE_REQUIRED);
    expect(problem(create(form({ is_wzdx_compliant: true, external_id: ' ' })))).toContain(
      'external_id: a WZDx ID is required when publishing',
    );
    expect(problem(create(form({ is_wzdx_compliant: true, external_id: 'W-1' })))).toContain(
      'location_method',
    );
    // Not a WZDx organization: no direction needed; an inactive closure needs no end.
    const plain = { ...facts, organization: { ...organization, is_wzdx_org: false } };
    given(closures, [], plain)
      .when(create(form({ direction: null, is_active: false, end_time: null })))
      .accepted();
  });

  it('counts "three months ahead" on the organization\'s calendar', () => {
    // 2 Mar 09:00 in Chicago; three months later on its calendar is 2 Jun 09:00 CDT = 14:00 UTC.
    const atMost = form({ end_time: '2026-06-02T14:00:00.000Z' });
    const over = form({ end_time: '2026-06-02T14:00:01.000Z' });
    given(closures, [], facts).when(create(atMost), { now: NOW }).accepted();
    expect(problem(create(over))).toContain('end_time: must be at most 3 months ahead');
    const inTokyo = { ...facts, organization: { ...organization, timezone: 'Asia/Tokyo' } };
    // Tokyo has no summer time: 2 Jun 00:00 JST + the same wall clock = 15:00 UTC on 2 Jun, so the later end fits.
    given(closures, [], inTokyo).when(create(over), { now: NOW }).accepted();
  });

  it("takes an automated closure's asset when the organization sees it and it is allowed for closures", () => {
    const automated = form({ closure_type: 'automated', thing_id: arrowBoard.id });
    const accepted = given(closures, [], { ...facts, asset: arrowBoard }).when(create(automated), {
      now: NOW,
    });
    expect(accepted.accepted()[0]?.event).toMatchObject({
      data: {
        thing_id: arrowBoard.id,
        things_associated: [arrowBoard.id],
        thing: { id: arrowBoard.id, heartbeat_datetime: '2026-03-02T14:59:00.000Z' },
      },
    });
    given(closures, [], facts).when(create(automated)).thenRefused(refusedWith(ASSET_NOT_ALLOWED));
    given(closures, [], { ...facts, asset: { ...arrowBoard, is_allowed_for_closures: false } })
      .when(create(automated))
      .thenRefused(refusedWith(ASSET_NOT_ALLOWED));
  });

  it('refuses a WZDx id another closure holds: "violates unique"', () => {
    given(closures, [], { ...facts, externalIdHolder: 'c-other' })
      .when(create(form({ external_id: 'LRW-1' })))
      .thenRefused(refusedWith(WZDX_ID_TAKEN));
  });
});

describe('updating a closure', () => {
  it('saves the whole form, keeping the id and the activation time', () => {
    const before = createdClosure();
    const accepted = given(closures, [before], facts)
      .when(update(form({ description: 'Both lanes closed' })), { now: NOW + 60_000 })
      .accepted();
    expect(accepted[0]?.event).toMatchObject({
      data: { id: 'c-1', description: 'Both lanes closed', activation_time: before.data.activation_time },
    });
  });

  it('keeps its own WZDx id', () => {
    given(closures, [createdClosure({ external_id: 'LRW-1' })], { ...facts, externalIdHolder: 'c-1' })
      .when(update(form({ external_id: 'LRW-1' })))
      .accepted();
  });

  it('switches off and on with the quick update; on needs an end', () => {
    const before = createdClosure();
    const off = given(closures, [before], facts)
      .when(update({ uuid: 'c-1', is_active: false, end_time: null }))
      .accepted();
    expect(off[0]?.event).toMatchObject({ data: { is_active: false, end_time: null } });
    const switchedOff = createdClosure({ is_active: false, end_time: null });
    const on = given(closures, [switchedOff], facts)
      .when(update({ uuid: 'c-1', is_active: true, end_time: '2026-03-20T00:00:00Z' }), { now: NOW + 1000 })
      .accepted();
    expect(on[0]?.event).toMatchObject({
      data: {
        is_active: true,
        end_time: '2026-03-20T00:00:00.000Z',
        activation_time: '2026-03-02T15:00:01.000Z',
      },
    });
    expect(problem(update({ is_active: true }), facts, [switchedOff])).toBe(`end_time: ${END_DATE_REQUIRED}`);
  });

  it('refuses an unknown closure, one out of sight (404), one only accessed (403)', () => {
    given(closures, [], facts)
      .when(update(form()))
      .thenRefused({ kind: 'not_found', text: CLOSURE_NOT_FOUND });
    const foreign = createdClosure({ organization: { id: HIDDEN, name: 'Other', organization_type: 'x' } });
    given(closures, [foreign], facts)
      .when(update(form()))
      .thenRefused({ kind: 'not_found', text: CLOSURE_NOT_FOUND });
    const accessed = createdClosure({
      organization: { id: ACCESSED, name: 'Accessed', organization_type: 'x' },
    });
    given(closures, [accessed], facts).when(update(form())).thenRefused({ kind: 'forbidden' });
  });

  it('refuses feed closures and any not managed by the dashboard: "not managed"', () => {
    for (const overrides of [{ closure_type: 'feed' as const }, { is_dashboard_managed: false }]) {
      given(closures, [createdClosure(overrides)], facts)
        .when(update(form()))
        .thenRefused(refusedWith(CLOSURE_NOT_MANAGED));
    }
  });

  it('decides on the stream as its events left it: a deleted closure is not found', () => {
    given(closures, [createdClosure(), { type: 'ClosureDeleted', data: { id: 'c-1' } }], facts)
      .when(update(form()))
      .thenRefused({ kind: 'not_found', text: CLOSURE_NOT_FOUND });
  });
});

describe('deleting a closure', () => {
  it("records the deletion in the closure's stream", () => {
    given(closures, [createdClosure()], facts)
      .when(remove())
      .thenEvents([
        { event: { type: 'ClosureDeleted', data: { id: 'c-1' } }, streamId: 'c-1', organizationId: OWN },
      ]);
  });

  it('refuses unknown, foreign, accessed and feed closures as an update does', () => {
    given(closures).when(remove()).thenRefused({ kind: 'not_found', text: CLOSURE_NOT_FOUND });
    const accessed = createdClosure({
      organization: { id: ACCESSED, name: 'Accessed', organization_type: 'x' },
    });
    given(closures, [accessed]).when(remove()).thenRefused({ kind: 'forbidden' });
    given(closures, [createdClosure({ closure_type: 'feed' })])
      .when(remove())
      .thenRefused(refusedWith(CLOSURE_NOT_MANAGED));
  });
});
