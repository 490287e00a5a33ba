// The rules of live §4 "Live messages" for records, one per test: given a loaded picture, when a location, closure
// or thing arrives, then the asset (or closure, or location) reads as the rule says.
import { describe, expect, it } from 'vitest';
import { evolve, evolveBatch } from '#domain/live/evolve';
import { ASSET_STATUS } from '#domain/status/assetStatus';
import {
  HOUR,
  SECOND,
  STATION_A,
  T0,
  assetIn,
  closure,
  iso,
  loadedPicture,
  location,
  point,
  pointAt,
  thing,
} from './support/builders.ts';
import { parkedAtA } from './support/parkedAtStation.ts';

describe('location', () => {
  it('puts its active assets on the incident with status location, out of their station', () => {
    const picture = parkedAtA();
    const after = evolve(picture, {
      type: 'LocationReceived',
      location: location({ id: 'loc-1', things_active: [{ id: 'p1', start_time: iso(T0 - 60 * SECOND) }] }),
      now: T0,
    });
    expect(assetIn(after, 'p1')).toMatchObject({
      isOnIncident: true,
      locationId: 'loc-1',
      status: ASSET_STATUS.location,
      stationId: null,
      incidentStartTime: T0 - 60 * SECOND,
    });
    expect(after.locations.has('loc-1')).toBe(true);
  });

  it('takes its inactive assets off the incident and recomputes their status', () => {
    const onScene = evolve(parkedAtA(), {
      type: 'LocationReceived',
      location: location({ id: 'loc-1', things_active: [{ id: 'p1' }] }),
      now: T0,
    });
    const after = evolve(onScene, {
      type: 'LocationReceived',
      location: location({
        id: 'loc-1',
        things_active: [],
        things_inactive: [{ id: 'p1', end_time: iso(T0 + HOUR) }],
      }),
      now: T0 + HOUR,
    });
    expect(assetIn(after, 'p1')).toMatchObject({
      isOnIncident: false,
      locationId: null,
      incidentEndTime: T0 + HOUR,
      status: ASSET_STATUS.standby,
      stationId: STATION_A.id,
    });
  });

  it('does not pull an asset off another incident it has moved on to', () => {
    const onSecond = evolveBatch(parkedAtA(), [
      {
        type: 'LocationReceived',
        location: location({ id: 'first', things_active: [{ id: 'p1' }] }),
        now: T0,
      },
      {
        type: 'LocationReceived',
        location: location({ id: 'second', things_active: [{ id: 'p1' }] }),
        now: T0 + SECOND,
      },
    ]);
    const after = evolve(onSecond, {
      type: 'LocationReceived',
      location: location({ id: 'first', is_active: false, things_inactive: [{ id: 'p1' }] }),
      now: T0 + 2 * SECOND,
    });
    expect(assetIn(after, 'p1')).toMatchObject({ isOnIncident: true, locationId: 'second' });
  });

  it('keeps at most the stored-locations cap, trimming the oldest ended ones', () => {
    let picture = loadedPicture({ settings: { storedLocationsCap: 3 } });
    for (let index = 0; index < 5; index += 1) {
      picture = evolve(picture, {
        type: 'LocationReceived',
        location: location({
          id: `ended-${index}`,
          is_active: false,
          end_time: iso(T0 - (10 - index) * HOUR),
        }),
        now: T0,
      });
    }
    picture = evolve(picture, { type: 'LocationReceived', location: location({ id: 'active' }), now: T0 });
    expect([...picture.locations.keys()].sort()).toEqual(['active', 'ended-3', 'ended-4']);
  });
});

describe('closure', () => {
  it('an active closure makes its asset active with that closure', () => {
    const picture = parkedAtA();
    const after = evolve(picture, {
      type: 'ClosureReceived',
      closure: closure({
        id: 'c1',
        closure_type: 'automated',
        is_active: true,
        external_id: 'wz-1',
        thing: { id: 'p1' },
      }),
      now: T0,
    });
    expect(assetIn(after, 'p1')).toMatchObject({
      status: ASSET_STATUS.active,
      activeClosures: [{ id: 'c1', wzdxId: 'wz-1' }],
      stationId: null,
    });
    expect(after.closures.get('c1')?.status).toBe('active');
  });

  it('upserts: the same closure deactivated releases its asset', () => {
    const active = evolve(parkedAtA(), {
      type: 'ClosureReceived',
      closure: closure({ id: 'c1', closure_type: 'automated', is_active: true, thing: { id: 'p1' } }),
      now: T0,
    });
    const after = evolve(active, {
      type: 'ClosureReceived',
      closure: closure({ id: 'c1', closure_type: 'automated', is_active: false, thing: { id: 'p1' } }),
      now: T0 + SECOND,
    });
    expect(after.closures.size).toBe(1);
    expect(assetIn(after, 'p1')).toMatchObject({
      activeClosures: [],
      status: ASSET_STATUS.standby,
      stationId: STATION_A.id,
    });
  });

  it('a deleted closure releases its asset', () => {
    const active = evolve(parkedAtA(), {
      type: 'ClosureReceived',
      closure: closure({ id: 'c1', closure_type: 'automated', is_active: true, thing: { id: 'p1' } }),
      now: T0,
    });
    const after = evolve(active, { type: 'ClosureRemoved', closureId: 'c1', now: T0 });
    expect(after.closures.has('c1')).toBe(false);
    expect(assetIn(after, 'p1').activeClosures).toEqual([]);
  });
});

describe('thing', () => {
  it('upserts the asset from the server while keeping what only the live picture knows', () => {
    const running = evolveBatch(loadedPicture({ things: [thing({ id: 't1' })] }), [
      pointAt(T0, point('t1', { runId: 'r9' })),
      pointAt(T0 + SECOND, point('t1', { runId: 'r9' })),
    ]);
    const renamed = evolve(running, {
      type: 'ThingReceived',
      thing: thing({ id: 't1', nickname: 'Renamed', enroute: true }, T0 + 2 * SECOND),
      now: T0 + 2 * SECOND,
    });
    expect(assetIn(renamed, 't1')).toMatchObject({
      primaryDisplayName: 'Renamed',
      runId: 'r9',
      runPointsCount: 2,
    });
    expect(renamed.thingsMembershipVersion).toBeGreaterThan(running.thingsMembershipVersion);
  });

  it('removes an asset an admin marked inactive', () => {
    const picture = loadedPicture({ things: [thing({ id: 't1' }), thing({ id: 't2' })] });
    const after = evolve(picture, {
      type: 'ThingReceived',
      thing: thing({ id: 't1', is_active: false }),
      now: T0,
    });
    expect([...after.things.keys()]).toEqual(['t2']);
    expect([...after.changes.removedThings]).toEqual(['t1']);
  });

  it('alerting switched off turns back on by itself after 60 minutes', () => {
    const off = evolve(loadedPicture({ things: [thing({ id: 't1' })] }), {
      type: 'ThingReceived',
      thing: thing({ id: 't1', is_publicly_alerting: false }),
      now: T0,
    });
    expect(assetIn(off, 't1').isPubliclyReporting).toBe(false);
    const almost = evolve(off, { type: 'ClockTicked', now: T0 + HOUR - 1 });
    expect(assetIn(almost, 't1').isPubliclyReporting).toBe(false);
    const after = evolve(almost, { type: 'ClockTicked', now: T0 + HOUR });
    expect(assetIn(after, 't1').isPubliclyReporting).toBe(true);
  });
});
