// The map's asset source receives one full load, then for each picture of the domain pipeline only what that
// picture says it changed: moved markers, restyled ones (status from the domain), appeared and removed ones.
import { describe, expect, it } from 'vitest';
import { evolveBatch } from '#domain/live/evolve';
import type { LiveEvent } from '#domain/live/liveEvents';
import type { LivePicture } from '#domain/live/livePicture';
import { AssetSourceMirror, markerCategory } from '#client/map/assetSource.ts';
import {
  HOUR,
  ORGANIZATION,
  T0,
  assetIn,
  iso,
  loadedPicture,
  point,
  serverThing,
  thing,
} from '#tests/domain/support/builders';
import { mapServerThing } from '#domain/things/thing';

function step(picture: LivePicture, ...events: LiveEvent[]): LivePicture {
  return evolveBatch(picture, events);
}

describe('marker category', () => {
  it('fills by type, grey for the domain statuses offline and out-of-service', () => {
    expect(markerCategory(thing({ id: 'a', thing_type: 'fire' }))).toBe('fire');
    expect(markerCategory(thing({ id: 'a', thing_type: 'ambulance' }))).toBe('ems');
    expect(markerCategory(thing({ id: 'a', thing_type: 'hovercraft' }))).toBe('default');
    const silent = thing({ id: 'a', thing_type: 'fire', heartbeat_datetime: iso(T0 - 97 * HOUR) });
    expect(markerCategory(silent)).toBe('offline');
    expect(markerCategory(thing({ id: 'a', thing_type: 'fire', in_service: false }))).toBe('oos');
  });
});

describe('AssetSourceMirror', () => {
  it('loads every positioned asset at first, keyed by an id property for promoteId', () => {
    const picture = loadedPicture({
      things: [thing({ id: 'a', thing_type: 'fire' }), thing({ id: 'b', lat: null, lng: null })],
    });
    const mirror = new AssetSourceMirror();
    const update = mirror.forChanges(picture.things, picture.changes);
    expect(update).toEqual({
      kind: 'full',
      data: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-87.65, 41.85] },
            properties: { id: 'a', category: 'fire', status: 'standby' },
          },
        ],
      },
    });
    expect(mirror.positionOf('a')).toEqual([-87.65, 41.85]);
  });

  it('turns a batch of points into a diff with only the moved asset, and its new status ring', () => {
    const loaded = loadedPicture({ things: [thing({ id: 'a' }), thing({ id: 'b' })] });
    const mirror = new AssetSourceMirror();
    mirror.forChanges(loaded.things, loaded.changes);
    const moved = step(loaded, {
      type: 'PointReceived',
      point: point('a', { lat: 41.87, lng: -87.62, enroute: true }),
      now: T0 + 1000,
    });
    expect(moved.changes.updatedThings).toEqual(['a']);
    expect(mirror.forChanges(moved.things, moved.changes)).toEqual({
      kind: 'diff',
      diff: {
        update: [
          {
            id: 'a',
            newGeometry: { type: 'Point', coordinates: [-87.62, 41.87] },
            addOrUpdateProperties: [{ key: 'status', value: 'active' }],
          },
        ],
      },
    });
    expect(mirror.positionOf('a')).toEqual([-87.62, 41.87]);
  });

  it('sends a property update when only the look changes, and nothing when nothing visible changed', () => {
    const loaded = loadedPicture({ things: [thing({ id: 'a', thing_type: 'fire' })] });
    const mirror = new AssetSourceMirror();
    mirror.forChanges(loaded.things, loaded.changes);
    const outOfService = mapServerThing(serverThing({ id: 'a', thing_type: 'fire', in_service: false }), {
      now: T0,
    });
    const edited = step(loaded, { type: 'ThingReceived', thing: outOfService, now: T0 + 1000 });
    expect(mirror.forChanges(edited.things, edited.changes)).toEqual({
      kind: 'diff',
      diff: {
        update: [
          {
            id: 'a',
            addOrUpdateProperties: [
              { key: 'category', value: 'oos' },
              { key: 'status', value: 'outOfService' },
            ],
          },
        ],
      },
    });
    expect(mirror.forChanges(edited.things, edited.changes)).toBeNull();
  });

  it('adds assets that appear and removes those an admin deactivates', () => {
    const loaded = loadedPicture({ things: [thing({ id: 'a' }), thing({ id: 'b' })] });
    const mirror = new AssetSourceMirror();
    mirror.forChanges(loaded.things, loaded.changes);
    const next = step(
      loaded,
      { type: 'ThingReceived', thing: thing({ id: 'c', lat: 41.9 }), now: T0 + 1000 },
      { type: 'ThingReceived', thing: thing({ id: 'a', is_active: false }), now: T0 + 1000 },
    );
    const update = mirror.forChanges(next.things, next.changes);
    expect(update?.kind).toBe('diff');
    if (update?.kind !== 'diff') return;
    expect(update.diff.remove).toEqual(['a']);
    expect(update.diff.add?.map((feature) => feature.properties?.id)).toEqual(['c']);
    expect(mirror.size).toBe(2);
  });

  it('reloads in full when the picture starts over (organization switch)', () => {
    const loaded = loadedPicture({ things: [thing({ id: 'a' })] });
    const mirror = new AssetSourceMirror();
    mirror.forChanges(loaded.things, loaded.changes);
    const switched = step(loaded, {
      type: 'OrganizationSwitched',
      organization: { ...ORGANIZATION, id: 'org-2' },
      now: T0 + 1000,
    });
    expect(mirror.forChanges(switched.things, switched.changes)).toEqual({
      kind: 'full',
      data: { type: 'FeatureCollection', features: [] },
    });
    expect(mirror.size).toBe(0);
  });

  it('restyles an asset the clock turned offline, from the tick picture alone', () => {
    const loaded = loadedPicture({
      things: [thing({ id: 'a', heartbeat_datetime: iso(T0 - 96 * HOUR + 1000) }), thing({ id: 'b' })],
    });
    const mirror = new AssetSourceMirror();
    mirror.forChanges(loaded.things, loaded.changes);
    const statusBefore = assetIn(loaded, 'a').status;
    const ticked = step(loaded, { type: 'ClockTicked', now: T0 + 2000 });
    expect(assetIn(ticked, 'a').status).not.toBe(statusBefore);
    expect(mirror.forChanges(ticked.things, ticked.changes)).toEqual({
      kind: 'diff',
      diff: {
        update: [
          {
            id: 'a',
            addOrUpdateProperties: [
              { key: 'category', value: 'offline' },
              { key: 'status', value: 'offline' },
            ],
          },
        ],
      },
    });
  });

  it('catches up on pictures it never saw by comparing every asset', () => {
    const loaded = loadedPicture({ things: [thing({ id: 'a' }), thing({ id: 'b' })] });
    const mirror = new AssetSourceMirror();
    mirror.forChanges(loaded.things, loaded.changes);
    const first = step(loaded, { type: 'PointReceived', point: point('a', { lat: 41.9 }), now: T0 + 1000 });
    const second = step(first, { type: 'PointReceived', point: point('b', { lat: 41.8 }), now: T0 + 2000 });
    const update = mirror.reconcile(second.things);
    expect(update?.kind).toBe('diff');
    if (update?.kind !== 'diff') return;
    expect(update.diff.update?.map((entry) => entry.id)).toEqual(['a', 'b']);
  });
});
