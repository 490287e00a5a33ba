// The collections the live worker sends the screens (client/live/collectionsView.ts) and the user's own writes
// applied to its picture (client/live/collectionWrites.ts): a watched collection goes whole when it changed and not
// again when it reads the same, a save's answer — decoded once, by the page's call — shows at once and its cable echo
// changes nothing and is dropped unread (client/live/ownEchoes.ts), a heartbeat moves
// an automated closure's status, and the pickers' choices follow renames but not movements.
import { describe, expect, it } from 'vitest';
import { evolveBatch } from '#domain/live/evolve';
import type { LiveEvent } from '#domain/live/liveEvents';
import type { LivePicture } from '#domain/live/livePicture';
import { decodeSavedClosure } from '#client/api/closures.ts';
import { CollectionsView } from '#client/live/collectionsView.ts';
import { OwnEchoes } from '#client/live/ownEchoes.ts';
import { liveEventOfWrite } from '#client/live/collectionWrites.ts';
import type { CollectionWrite } from '#client/live/collectionsProtocol.ts';
import {
  HOUR,
  SECOND,
  STATION_A,
  T0,
  closure,
  heartbeat,
  heartbeatAt,
  loadedPicture,
  point,
  pointAt,
  serverThing,
  stationArea,
  thing,
} from '#tests/domain/support/builders';

const ROUTE = [
  { lat: 41.8, lng: -87.6 },
  { lat: 41.81, lng: -87.6 },
];

function world(): LivePicture {
  return loadedPicture({
    areas: [stationArea(STATION_A, 100)],
    things: [
      thing({ id: 'board', nickname: 'Arrow Board 7', heartbeat_datetime: null }),
      thing({ id: 'truck', nickname: 'Truck 2' }),
    ],
    closures: [
      closure({ id: 'shoulder', description: 'Shoulder work', geocoded_route: ROUTE }),
      closure({
        id: 'mobile',
        description: 'Mobile lane closure',
        closure_type: 'automated',
        thing_id: 'board',
        geocoded_route: ROUTE,
      }),
    ],
  });
}

function write(picture: LivePicture, change: CollectionWrite, now = T0 + SECOND): LivePicture {
  const event = liveEventOfWrite(change, picture, now);
  if (event === null) throw new Error('the write was not read');
  return evolveBatch(picture, [event]);
}

function step(view: CollectionsView, picture: LivePicture, events: LiveEvent[]): LivePicture {
  const next = evolveBatch(picture, events);
  view.note(next);
  return next;
}

describe('collections view', () => {
  it('sends only the watched collections, once, and again when one changed', () => {
    const view = new CollectionsView();
    const picture = world();
    view.note(picture);
    view.watch(['closures']);
    const first = view.frame(picture, null);
    expect(first?.areas).toBeUndefined();
    expect(first?.closures).toMatchObject({ phase: 'loaded', organizationId: 'org-1' });
    expect(first?.closures?.phase === 'loaded' && first.closures.items.map((item) => item.id).sort()).toEqual(
      ['mobile', 'shoulder'],
    );
    expect(view.frame(picture, null)).toBeNull();

    view.watch(['closures', 'areas']);
    const areas = view.frame(picture, null);
    expect(areas?.closures).toBeUndefined();
    expect(areas?.areas?.phase === 'loaded' && areas.areas.items.map((area) => area.id)).toEqual([
      STATION_A.id,
    ]);
  });

  it('shows a save at once from its answer, and its cable echo changes nothing', () => {
    const view = new CollectionsView();
    let picture = world();
    view.note(picture);
    view.watch(['closures']);
    view.frame(picture, null);

    const answer = {
      id: 'shoulder',
      closure_type: 'manual',
      is_active: true,
      is_in_service: true,
      description: 'Shoulder work, north side',
      geocoded_route: ROUTE,
    };
    // Decoded once, by the page's call, in the page's context (no status settings): the worker takes it as it is
    // and puts its status in the picture's settings.
    const decoded = decodeSavedClosure(answer, { now: T0, isWzdxOrg: false });
    if (decoded === null) throw new Error('the answer did not read');
    picture = write(picture, { kind: 'closureSaved', ...decoded });
    view.note(picture);
    const saved = view.frame(picture, 1);
    expect(saved?.appliedWrite).toBe(1);
    const items = saved?.closures?.phase === 'loaded' ? saved.closures.items : [];
    expect(items.filter((item) => item.id === 'shoulder')).toEqual([
      expect.objectContaining({ description: 'Shoulder work, north side', status: 'active' }),
    ]);

    // The `closure` message that echoes the save: the same record, so the screen gets nothing new.
    const echo = closure({ ...answer, closure_type: 'manual' }, T0 + 2 * SECOND);
    step(view, picture, [{ type: 'ClosureReceived', closure: echo, now: T0 + 2 * SECOND }]);
    expect(view.frame(picture, null)).toBeNull();
  });

  it("drops the cable's echo of an own save unread, once, and lets any other closure message through", () => {
    const answer = { id: 'shoulder', closure_type: 'manual', is_active: true, description: 'Shoulder work' };
    const decoded = decodeSavedClosure(answer, { now: T0, isWzdxOrg: false });
    if (decoded === null) throw new Error('the answer did not read');
    const echoes = new OwnEchoes();
    echoes.expect(decoded.closure.id, decoded.answer);
    // The provider broadcasts the record its answer was; the cable frame's JSON reads back to the same text.
    const echo = { type: 'closure', data: JSON.parse(JSON.stringify(answer)) as unknown };
    expect(echoes.isEcho({ type: 'location', data: answer })).toBe(false);
    expect(echoes.isEcho(echo)).toBe(true);
    expect(echoes.isEcho(echo)).toBe(false);

    echoes.expect(decoded.closure.id, decoded.answer);
    expect(
      echoes.isEcho({ type: 'closure', data: { ...answer, description: 'Changed by another user' } }),
    ).toBe(false);
    expect(echoes.isEcho(echo)).toBe(false);
  });

  it("moves an automated closure to standby when its asset's heartbeat comes", () => {
    const view = new CollectionsView();
    const picture = world();
    view.note(picture);
    view.watch(['closures']);
    const before = view.frame(picture, null);
    const statusOf = (frame: typeof before) =>
      frame?.closures?.phase === 'loaded'
        ? frame.closures.items.find((item) => item.id === 'mobile')?.status
        : undefined;
    expect(statusOf(before)).toBe('offline');

    const heard = step(view, picture, [
      heartbeatAt(T0 + HOUR, heartbeat('board', { heartbeatTime: T0 + HOUR })),
    ]);
    expect(statusOf(view.frame(heard, null))).toBe('standby');
  });

  it('removes a deleted closure and replaces or removes a saved or deleted area', () => {
    let picture = world();
    picture = write(picture, { kind: 'closureDeleted', closureId: 'shoulder' });
    expect([...picture.closures.keys()]).toEqual(['mobile']);

    const answer = {
      id: 'yard',
      name: 'Salt Yard',
      lat: 41.85,
      lng: -87.65,
      is_active: true,
      point_geom: { lat: 41.85, lon: -87.65 },
    };
    picture = write(picture, { kind: 'areaSaved', record: answer });
    expect([...picture.areas.keys()].sort()).toEqual([STATION_A.id, 'yard']);
    picture = write(picture, { kind: 'areaSaved', record: { ...answer, name: 'Salt Yard North' } });
    expect(picture.areas.get('yard')?.name).toBe('Salt Yard North');
    picture = write(picture, { kind: 'areaDeleted', areaId: 'yard' });
    expect([...picture.areas.keys()]).toEqual([STATION_A.id]);
  });

  it('sends the asset choices again when a name changes, not when assets move', () => {
    const view = new CollectionsView();
    let picture = world();
    view.note(picture);
    view.watch(['assetChoices']);
    const first = view.frame(picture, null);
    expect(
      first?.assetChoices?.phase === 'loaded' && first.assetChoices.items.map((item) => item.name),
    ).toEqual(['Arrow Board 7', 'Truck 2']);

    picture = step(view, picture, [pointAt(T0 + SECOND, point('truck'))]);
    expect(view.frame(picture, null)).toBeNull();

    const renamed = thing({ ...serverThing({ id: 'truck' }), nickname: 'A Tow Truck' }, T0 + 2 * SECOND);
    picture = step(view, picture, [{ type: 'ThingReceived', thing: renamed, now: T0 + 2 * SECOND }]);
    const again = view.frame(picture, null);
    expect(
      again?.assetChoices?.phase === 'loaded' && again.assetChoices.items.map((item) => item.name),
    ).toEqual(['A Tow Truck', 'Arrow Board 7']);
  });

  it("applies a saved organization access from its answer, keeping the asset's live state (issue 37 item 9)", () => {
    let picture = evolveBatch(world(), [pointAt(T0 + SECOND, point('truck'))]);
    const before = picture.things.get('truck');
    const answer = {
      organization_relationships: [
        {
          organization_uuid: 'org-lakeshore',
          organization_name: 'Lakeshore Road Works',
          relationship_type: 'accessor',
        },
      ],
    };
    picture = write(
      picture,
      { kind: 'thingRelationsSaved', thingId: 'truck', record: answer },
      T0 + 2 * SECOND,
    );
    const after = picture.things.get('truck');
    expect(after?.organizationRelations).toEqual([
      { organizationId: 'org-lakeshore', organizationName: 'Lakeshore Road Works', relationType: 'accessor' },
    ]);
    expect(after?.position).toEqual(before?.position);
    expect(after?.status).toBe(before?.status);
    expect(after?.lastCheckInTime).toBe(before?.lastCheckInTime);
    // An answer it cannot read, or an asset it does not hold, changes nothing (the cable's echo will).
    const unread = {
      kind: 'thingRelationsSaved',
      thingId: 'truck',
      record: { organization_relationships: 'x' },
    } as const;
    expect(liveEventOfWrite(unread, picture, T0 + 3 * SECOND)).toBeNull();
    const elsewhere = { kind: 'thingRelationsSaved', thingId: 'nobody', record: answer } as const;
    expect(liveEventOfWrite(elsewhere, picture, T0 + 3 * SECOND)).toBeNull();
  });
});
