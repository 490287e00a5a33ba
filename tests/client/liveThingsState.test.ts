// The interim live batch applier: what the list and map show after a batch of cable messages.
import { describe, expect, it } from 'vitest';
import { mapServerThing, type ServerThing, type Thing } from '#domain/things/thing';
import type { LiveMessage } from '#client/live/cableFrames.ts';
import { applyLiveBatch, applySnapshot, type ThingsById } from '#client/live/liveThingsState.ts';

function serverThing(id: string, overrides: Partial<ServerThing> = {}): ServerThing {
  return {
    id,
    system_identifier: `dev-${id}`,
    nickname: `Unit ${id}`,
    is_active: true,
    lat: 41.86,
    lng: -87.61,
    speed: 0,
    course: 0,
    accuracy: 5,
    enroute: false,
    device_type: 'ha7',
    heartbeat_datetime: '2026-03-01T10:00:00.000Z',
    thing_type: 'police',
    in_service: true,
    street: 'S State St',
    ...overrides,
  };
}

function fleet(...things: Thing[]): ThingsById {
  return new Map(things.map((thing) => [thing.id, thing]));
}

const a = mapServerThing(serverThing('a'));
const b = mapServerThing(serverThing('b'));

function point(thingId: string, lat: number, lng: number, extra: Record<string, unknown> = {}): LiveMessage {
  return {
    type: 'point',
    data: { thing_id: thingId, lat, lng, speed: 12, course: 90, accuracy: 4, enroute: true, ...extra },
  };
}

describe('applyLiveBatch', () => {
  it('moves an asset to the position of its latest point in the batch', () => {
    const { things, changes } = applyLiveBatch(fleet(a, b), [
      point('a', 41.87, -87.62),
      point('a', 41.88, -87.63, { street: 'S Michigan Ave' }),
    ]);
    const moved = things.get('a');
    expect(moved?.position).toEqual({ lat: 41.88, lng: -87.63 });
    expect(moved).toMatchObject({ lat: 41.88, lng: -87.63, speed: 12, course: 90, courseDirection: 'E' });
    expect(moved?.street).toBe('S Michigan Ave');
    expect(moved?.enroute).toBe(true);
    expect(changes).toEqual({ changed: ['a'], removed: [], membershipChanged: false });
  });

  it('leaves untouched assets identical and never modifies the map it was given', () => {
    const before = fleet(a, b);
    const { things } = applyLiveBatch(before, [point('a', 41.9, -87.7)]);
    expect(things.get('b')).toBe(b);
    expect(before.get('a')).toBe(a);
    expect(before.get('a')?.position).toEqual({ lat: 41.86, lng: -87.61 });
  });

  it('truncates coordinates to 7 decimals like the snapshot does', () => {
    const { things } = applyLiveBatch(fleet(a), [point('a', 41.123456789, -87.987654321)]);
    expect(things.get('a')?.position).toEqual({ lat: 41.1234567, lng: -87.9876543 });
  });

  it('keeps fields a message leaves out', () => {
    const { things } = applyLiveBatch(fleet(a), [
      { type: 'point', data: { thing_id: 'a', lat: 41.87, lng: -87.6 } },
    ]);
    expect(things.get('a')).toMatchObject({ speed: 0, course: 0, street: 'S State St', accuracy: 5 });
  });

  it('records the heartbeat time and movement of a heartbeat', () => {
    const { things, changes } = applyLiveBatch(fleet(a), [
      {
        type: 'heartbeat',
        data: {
          thing_id: 'a',
          lat: 41.85,
          lng: -87.6,
          speed: 3,
          course: 180,
          street: 'E Roosevelt Rd',
          heartbeat_datetime: '2026-03-02T08:30:00.000Z',
        },
      },
    ]);
    expect(things.get('a')).toMatchObject({
      heartbeatTime: Date.parse('2026-03-02T08:30:00.000Z'),
      position: { lat: 41.85, lng: -87.6 },
      speed: 3,
      courseDirection: 'S',
      street: 'E Roosevelt Rd',
    });
    expect(changes.changed).toEqual(['a']);
  });

  it('keeps the position when a heartbeat carries none', () => {
    const { things } = applyLiveBatch(fleet(a), [
      { type: 'heartbeat', data: { thing_id: 'a', heartbeat_datetime: '2026-03-02T08:30:00.000Z' } },
    ]);
    expect(things.get('a')?.position).toEqual({ lat: 41.86, lng: -87.61 });
  });

  it('drops points for assets it does not know', () => {
    const { things, changes } = applyLiveBatch(fleet(a), [point('ghost', 41, -87)]);
    expect(things.has('ghost')).toBe(false);
    expect(changes.changed).toEqual([]);
  });

  it('adds a new asset from a thing message and reports that the order may change', () => {
    const { things, changes } = applyLiveBatch(fleet(a), [
      { type: 'thing', data: serverThing('c', { nickname: 'Tow 3' }) },
    ]);
    expect(things.get('c')?.primaryDisplayName).toBe('Tow 3');
    expect(changes).toEqual({ changed: ['c'], removed: [], membershipChanged: true });
  });

  it('reports a rename as an order change but an edit that keeps the name as not', () => {
    const renamed = applyLiveBatch(fleet(a), [
      { type: 'thing', data: serverThing('a', { nickname: 'Zulu' }) },
    ]);
    expect(renamed.changes.membershipChanged).toBe(true);
    const edited = applyLiveBatch(fleet(a), [
      { type: 'thing', data: serverThing('a', { in_service: false }) },
    ]);
    expect(edited.changes.membershipChanged).toBe(false);
    expect(edited.things.get('a')?.inService).toBe(false);
  });

  it('removes an asset whose thing message says it is inactive, even after earlier points in the batch', () => {
    const { things, changes } = applyLiveBatch(fleet(a, b), [
      point('a', 41.9, -87.7),
      { type: 'thing', data: serverThing('a', { is_active: false }) },
    ]);
    expect(things.has('a')).toBe(false);
    expect(changes).toEqual({ changed: [], removed: ['a'], membershipChanged: true });
  });
});

describe('applySnapshot', () => {
  it('replaces everything on a full snapshot, removing assets it no longer lists', () => {
    const { things, changes } = applySnapshot(fleet(a, b), { things: [a], inactiveIds: [] }, 'full');
    expect([...things.keys()]).toEqual(['a']);
    expect(changes.removed).toEqual(['b']);
    expect(changes.membershipChanged).toBe(true);
  });

  it('upserts on an incremental snapshot and removes only the ones marked inactive', () => {
    const movedA = mapServerThing(serverThing('a', { lat: 42, lng: -88 }));
    const { things, changes } = applySnapshot(
      fleet(a, b),
      { things: [movedA], inactiveIds: ['b'] },
      'incremental',
    );
    expect(things.get('a')?.position).toEqual({ lat: 42, lng: -88 });
    expect(things.has('b')).toBe(false);
    expect(changes).toEqual({ changed: ['a'], removed: ['b'], membershipChanged: true });
  });
});
