// Loads (live §4 "Asset loading", "Locations"; §7): full first, then incremental upserts; the locations list order,
// time filters and cache.
import { describe, expect, it } from 'vitest';
import { evolve, evolveBatch } from '#domain/live/evolve';
import { emptyPicture } from '#domain/live/livePicture';
import { liveSettings } from '#domain/live/liveSettings';
import { filteredLocations, locationList, thingCounts, thingList } from '#domain/live/pictureViews';
import { isInTimeFilter, LOCATION_TIME_FILTER_LABELS } from '#domain/locations/location';
import { ASSET_STATUS } from '#domain/status/assetStatus';
import {
  HOUR,
  ORGANIZATION,
  SECOND,
  T0,
  assetIn,
  iso,
  loadedPicture,
  location,
  thing,
} from './support/builders.ts';

describe('asset loading', () => {
  it('the first (full) load shows its pages as they arrive and, once complete, drops what it did not return', () => {
    const before = loadedPicture({ things: [thing({ id: 'gone' }), thing({ id: 'kept' })] });
    const page1 = evolve(before, {
      type: 'ThingsPageLoaded',
      things: [thing({ id: 'kept' })],
      dropped: 0,
      now: T0,
    });
    expect([...page1.things.keys()].sort()).toEqual(['gone', 'kept']);
    const page2 = evolve(page1, {
      type: 'ThingsPageLoaded',
      things: [thing({ id: 'new' })],
      dropped: 2,
      now: T0,
    });
    const done = evolve(page2, {
      type: 'ThingsFullLoadCompleted',
      keptIds: new Set(['kept', 'new']),
      now: T0,
    });
    expect([...done.things.keys()].sort()).toEqual(['kept', 'new']);
    expect(done.dropped.things).toBe(2);
    expect(done.loaded.things).toBe(true);
  });

  it('a later (incremental) load upserts: changed assets replace theirs, others stay', () => {
    const picture = loadedPicture({ things: [thing({ id: 'a', nickname: 'Old' }), thing({ id: 'b' })] });
    const after = evolve(picture, {
      type: 'ThingsPageLoaded',
      things: [thing({ id: 'a', nickname: 'New' }), thing({ id: 'c' })],
      dropped: 0,
      now: T0,
    });
    expect(thingList(after).map((asset) => asset.primaryDisplayName)).toEqual(['New', 'Unit b', 'Unit c']);
    expect([...after.changes.addedThings]).toEqual(['c']);
    expect([...after.changes.updatedThings]).toEqual(['a']);
  });

  it('an asset that an admin update marks inactive is removed by the incremental load', () => {
    const picture = loadedPicture({ things: [thing({ id: 'a' }), thing({ id: 'b' })] });
    const after = evolve(picture, {
      type: 'ThingsPageLoaded',
      things: [thing({ id: 'a', is_active: false })],
      dropped: 0,
      now: T0,
    });
    expect([...after.things.keys()]).toEqual(['b']);
  });

  it('a load failure is recorded with its status and cleared by the next success', () => {
    const failed = evolve(loadedPicture({}), {
      type: 'LoadFailed',
      resource: 'things',
      status: 404,
      now: T0,
    });
    expect(failed.loadErrors.things).toBe(404);
    const recovered = evolve(failed, { type: 'ThingsPageLoaded', things: [], dropped: 0, now: T0 });
    expect(recovered.loadErrors.things).toBeUndefined();
  });

  it('the live picture counts Online | Offline | OOS from the loaded assets', () => {
    const picture = loadedPicture({
      things: [
        thing({ id: 'a' }),
        thing({ id: 'b', heartbeat_datetime: iso(T0 - 97 * HOUR) }),
        thing({ id: 'c', in_service: false }),
        thing({ id: 'd', enroute: true }),
      ],
    });
    expect(thingCounts(picture)).toEqual({ online: 2, offline: 1, outOfService: 1, total: 4 });
  });
});

describe('organization switch', () => {
  it('resets everything and starts the new organization from an empty picture', () => {
    const picture = loadedPicture({ things: [thing({ id: 'a' })], locations: [location({ id: 'l1' })] });
    const other = { ...ORGANIZATION, id: 'org-2', name: 'Other' };
    const after = evolve(picture, { type: 'OrganizationSwitched', organization: other, now: T0 + SECOND });
    expect(after.things.size).toBe(0);
    expect(after.locations.size).toBe(0);
    expect(after.organization?.id).toBe('org-2');
    expect(after.changes.reset).toBe(true);
    expect(after.version).toBeGreaterThan(picture.version);
  });

  it('discards what the same batch did for the previous organization', () => {
    const picture = loadedPicture({ things: [thing({ id: 'a' })] });
    const after = evolveBatch(picture, [
      { type: 'ThingsPageLoaded', things: [thing({ id: 'b' })], dropped: 0, now: T0 },
      { type: 'OrganizationSwitched', organization: ORGANIZATION, now: T0 },
      { type: 'ThingsPageLoaded', things: [thing({ id: 'c' })], dropped: 0, now: T0 },
    ]);
    expect([...after.things.keys()]).toEqual(['c']);
  });
});

describe('locations list', () => {
  const active = (id: string, startAgo: number) => location({ id, start_time: iso(T0 - startAgo) });
  const ended = (id: string, endAgo: number) =>
    location({ id, is_active: false, start_time: iso(T0 - endAgo - HOUR), end_time: iso(T0 - endAgo) });

  it('lists active locations first, newest start first, then the others by end time, latest first', () => {
    const picture = loadedPicture({
      locations: [
        ended('e-old', 20 * HOUR),
        active('a-old', 3 * HOUR),
        ended('e-new', HOUR),
        active('a-new', HOUR),
      ],
    });
    expect(locationList(picture).map((entry) => entry.id)).toEqual(['a-new', 'a-old', 'e-new', 'e-old']);
  });

  it('filters by time: Active Only, Today, 24 hrs (the default), All', () => {
    const startOfToday = T0 - 12 * HOUR;
    const entries = [
      active('a', 30 * HOUR),
      ended('today', 2 * HOUR),
      ended('yesterday', 20 * HOUR),
      ended('old', 30 * HOUR),
    ];
    const shown = (filter: Parameters<typeof isInTimeFilter>[1]) =>
      entries.filter((entry) => isInTimeFilter(entry, filter, T0, startOfToday)).map((entry) => entry.id);
    expect(shown('activeOnly')).toEqual(['a']);
    expect(shown('today')).toEqual(['a', 'today']);
    expect(shown('last24Hours')).toEqual(['a', 'today', 'yesterday']);
    expect(shown('all')).toEqual(['a', 'today', 'yesterday', 'old']);
    expect(Object.values(LOCATION_TIME_FILTER_LABELS)).toEqual([
      'Active Only',
      'Today',
      '24 hrs',
      'All Recent',
    ]);
  });

  it('counts "Active n | Recent n" and "Showing (shown/total)" under a filter', () => {
    const picture = loadedPicture({
      locations: [active('a', HOUR), ended('r', HOUR), ended('old', 40 * HOUR)],
    });
    const view = filteredLocations(picture, 'last24Hours', T0, T0 - 12 * HOUR);
    expect({
      active: view.activeCount,
      recent: view.recentCount,
      shown: view.shown.length,
      total: view.total,
    }).toEqual({
      active: 1,
      recent: 1,
      shown: 2,
      total: 3,
    });
  });

  it('the first load replaces; later loads upsert', () => {
    const first = evolve(loadedPicture({}), {
      type: 'LocationsLoaded',
      locations: [active('a', HOUR), active('b', HOUR)],
      dropped: 1,
      replace: true,
      now: T0,
    });
    const later = evolve(first, {
      type: 'LocationsLoaded',
      locations: [ended('a', 0)],
      dropped: 0,
      replace: false,
      now: T0,
    });
    expect([...later.locations.keys()].sort()).toEqual(['a', 'b']);
    expect(later.locations.get('a')?.isActive).toBe(false);
    expect(later.dropped.locations).toBe(1);
  });

  it('the cache keeps at most 500 ids by default', () => {
    const many = Array.from({ length: 520 }, (_, index) => ended(`e${index}`, index * SECOND));
    const picture = loadedPicture({ locations: many });
    expect(picture.locations.size).toBe(500);
    expect(picture.locations.has('e0')).toBe(true);
    expect(picture.locations.has('e519')).toBe(false);
  });

  it('an asset that loads after its incident learns when it arrived from the location', () => {
    const loc = location({ id: 'loc', things_active: [{ id: 't1', start_time: iso(T0 - 5 * SECOND) }] });
    const picture = evolveBatch(
      emptyPicture({ now: T0, settings: liveSettings(), organization: ORGANIZATION }),
      [
        { type: 'LocationsLoaded', locations: [loc], dropped: 0, replace: true, now: T0 },
        {
          type: 'ThingsPageLoaded',
          things: [thing({ id: 't1', location: { id: 'loc' } })],
          dropped: 0,
          now: T0,
        },
      ],
    );
    expect(assetIn(picture, 't1')).toMatchObject({
      status: ASSET_STATUS.location,
      incidentStartTime: T0 - 5 * SECOND,
    });
  });
});
