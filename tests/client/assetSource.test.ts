// The map's asset source receives one full load, then only what each batch changed.
import { describe, expect, it } from 'vitest';
import { mapServerThing, type ServerThing, type Thing } from '#domain/things/thing';
import type { ThingsById } from '#client/live/liveThingsState.ts';
import { AssetSourceMirror, markerCategory } from '#client/map/assetSource.ts';

const NOW = Date.parse('2026-03-02T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;

function thing(id: string, overrides: Partial<ServerThing> = {}): Thing {
  return mapServerThing({
    id,
    system_identifier: `dev-${id}`,
    lat: 41.86,
    lng: -87.61,
    heartbeat_datetime: new Date(NOW - HOUR).toISOString(),
    thing_type: 'fire',
    in_service: true,
    ...overrides,
  });
}

function fleet(...things: Thing[]): ThingsById {
  return new Map(things.map((item) => [item.id, item]));
}

const noChanges = { changed: [], removed: [], membershipChanged: false };

describe('marker category', () => {
  it('colours online assets by type, offline after 96 h without a heartbeat, and out-of-service first', () => {
    expect(markerCategory(thing('a'), NOW)).toBe('fire');
    expect(markerCategory(thing('a', { thing_type: 'ambulance' }), NOW)).toBe('ems');
    expect(markerCategory(thing('a', { thing_type: 'hovercraft' }), NOW)).toBe('default');
    const old = new Date(NOW - 97 * HOUR).toISOString();
    expect(markerCategory(thing('a', { heartbeat_datetime: old }), NOW)).toBe('offline');
    expect(markerCategory(thing('a', { heartbeat_datetime: null }), NOW)).toBe('offline');
    expect(markerCategory(thing('a', { in_service: false, heartbeat_datetime: old }), NOW)).toBe('oos');
  });
});

describe('AssetSourceMirror', () => {
  it('loads every positioned asset at first, keyed by an id property for promoteId', () => {
    const mirror = new AssetSourceMirror();
    const update = mirror.full(fleet(thing('a'), thing('b', { lat: null, lng: null })), NOW);
    expect(update.kind).toBe('full');
    if (update.kind !== 'full') return;
    expect(update.data.features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-87.61, 41.86] },
        properties: { id: 'a', category: 'fire' },
      },
    ]);
    expect(mirror.positionOf('a')).toEqual([-87.61, 41.86]);
  });

  it('turns a batch into an incremental diff with only the moved asset', () => {
    const mirror = new AssetSourceMirror();
    mirror.full(fleet(thing('a'), thing('b')), NOW);
    const moved = thing('a', { lat: 41.87, lng: -87.62 });
    const update = mirror.forBatch(
      fleet(moved, thing('b')),
      { changed: ['a', 'b'], removed: [], membershipChanged: false },
      NOW,
    );
    expect(update).toEqual({
      kind: 'diff',
      diff: { update: [{ id: 'a', newGeometry: { type: 'Point', coordinates: [-87.62, 41.87] } }] },
    });
    expect(mirror.positionOf('a')).toEqual([-87.62, 41.87]);
  });

  it('sends a property update when only the look changes, and nothing when nothing visible changed', () => {
    const mirror = new AssetSourceMirror();
    mirror.full(fleet(thing('a')), NOW);
    const oos = thing('a', { in_service: false });
    expect(mirror.forBatch(fleet(oos), { ...noChanges, changed: ['a'] }, NOW)).toEqual({
      kind: 'diff',
      diff: { update: [{ id: 'a', addOrUpdateProperties: [{ key: 'category', value: 'oos' }] }] },
    });
    expect(mirror.forBatch(fleet(oos), { ...noChanges, changed: ['a'] }, NOW)).toBeNull();
  });

  it('adds assets that appear or gain a position, and removes those that leave', () => {
    const mirror = new AssetSourceMirror();
    mirror.full(fleet(thing('a'), thing('b', { lat: null, lng: null })), NOW);
    const update = mirror.forBatch(
      fleet(thing('b'), thing('c')),
      { changed: ['b', 'c'], removed: ['a'], membershipChanged: true },
      NOW,
    );
    expect(update?.kind).toBe('diff');
    if (update?.kind !== 'diff') return;
    expect(update.diff.remove).toEqual(['a']);
    expect(update.diff.add?.map((feature) => feature.properties?.id)).toEqual(['b', 'c']);
    expect(mirror.size).toBe(2);
  });

  it('reloads in full when the assets were reset (organization change, sign-out)', () => {
    const mirror = new AssetSourceMirror();
    mirror.full(fleet(thing('a')), NOW);
    const update = mirror.forBatch(new Map(), { ...noChanges, membershipChanged: true }, NOW);
    expect(update).toEqual({ kind: 'full', data: { type: 'FeatureCollection', features: [] } });
    expect(mirror.size).toBe(0);
  });

  it('restyles assets that went offline with time passing, without any message', () => {
    const mirror = new AssetSourceMirror();
    const things = fleet(thing('a'), thing('b', { heartbeat_datetime: new Date(NOW).toISOString() }));
    mirror.full(things, NOW);
    const later = NOW + 96 * HOUR;
    expect(mirror.reconcile(things, later)).toEqual({
      kind: 'diff',
      diff: { update: [{ id: 'a', addOrUpdateProperties: [{ key: 'category', value: 'offline' }] }] },
    });
  });
});
