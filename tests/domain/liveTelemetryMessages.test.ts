// The rules of live §4 "Live messages" for telemetry, one per test: given a loaded picture, when a point or a
// heartbeat is applied, then the asset (or its closure) reads as the rule says.
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
  heartbeat,
  heartbeatAt,
  iso,
  loadedPicture,
  location,
  point,
  pointAt,
  thing,
} from './support/builders.ts';
import { AWAY, NEAR_A, parkedAtA, stations } from './support/parkedAtStation.ts';

describe('point', () => {
  it('marks the asset not stale and restarts its staleness countdown', () => {
    const picture = loadedPicture({ things: [thing({ id: 't1', heartbeat_datetime: iso(T0 - HOUR) })] });
    expect(assetIn(picture, 't1').isStale).toBe(true);
    const after = evolve(picture, pointAt(T0 + SECOND, point('t1')));
    expect(assetIn(after, 't1').isStale).toBe(false);
    expect(assetIn(after, 't1').staleAt).toBe(T0 + SECOND + 30 * SECOND);
  });

  it('computes the status: an en-route point makes the asset active', () => {
    const picture = loadedPicture({ things: [thing({ id: 't1' })] });
    expect(assetIn(picture, 't1').status).toBe(ASSET_STATUS.standby);
    expect(assetIn(evolve(picture, pointAt(T0, point('t1', { enroute: true }))), 't1').status).toBe(
      ASSET_STATUS.active,
    );
  });

  it('moves the asset when the accuracy is within MIN (default 50 m), and truncates the position', () => {
    const picture = loadedPicture({ things: [thing({ id: 't1' })] });
    const after = evolve(
      picture,
      pointAt(T0, point('t1', { lat: 41.861234567, lng: -87.641234567, accuracy: 50 })),
    );
    expect(assetIn(after, 't1').position).toEqual({ lat: 41.8612345, lng: -87.6412345 });
    expect(assetIn(after, 't1').accuracy).toBe(50);
  });

  it('ignores the position of a point less accurate than MIN, but still takes speed and course', () => {
    const picture = loadedPicture({ things: [thing({ id: 't1', lat: 41.85, lng: -87.65 })] });
    const after = evolve(
      picture,
      pointAt(T0, point('t1', { lat: 41.9, lng: -87.7, accuracy: 51, speed: 20, course: 180 })),
    );
    expect(assetIn(after, 't1').position).toEqual({ lat: 41.85, lng: -87.65 });
    expect(assetIn(after, 't1')).toMatchObject({ speed: 20, course: 180, courseDirection: 'S' });
  });

  it('moves the stored asset, never the loaded record it came from', () => {
    const loaded = thing({ id: 't1' });
    const loadedAt = { ...loaded.position };
    const moved = evolve(loadedPicture({ things: [loaded] }), pointAt(T0, point('t1', { ...AWAY })));
    expect(assetIn(moved, 't1').position).toEqual(AWAY);
    expect(loaded.position).toEqual(loadedAt);
  });

  it('holds an asset parked at a station to MIN_AT_STATION (default 20 m) while it is not active', () => {
    expect(assetIn(parkedAtA(), 'p1').stationId).toBe(STATION_A.id);
    const jitter = evolve(parkedAtA(), pointAt(T0, point('p1', { ...AWAY, accuracy: 30, enroute: false })));
    expect(assetIn(jitter, 'p1').position).toEqual({ lat: STATION_A.lat, lng: STATION_A.lng });
    expect(assetIn(jitter, 'p1').stationId).toBe(STATION_A.id);
    const precise = evolve(parkedAtA(), pointAt(T0, point('p1', { ...AWAY, accuracy: 20, enroute: false })));
    expect(assetIn(precise, 'p1').position).toEqual(AWAY);
  });

  it('re-checks a non-active asset that moved against the stations (station radius 100 m)', () => {
    const picture = loadedPicture({ areas: stations, things: [thing({ id: 't1', ...AWAY })] });
    expect(assetIn(picture, 't1').stationId).toBeNull();
    const arrived = evolve(picture, pointAt(T0, point('t1', { ...NEAR_A, enroute: false })));
    expect(assetIn(arrived, 't1').stationId).toBe(STATION_A.id);
    const left = evolve(
      arrived,
      pointAt(T0 + SECOND, point('t1', { ...AWAY, enroute: false, accuracy: 10 })),
    );
    expect(assetIn(left, 't1').stationId).toBeNull();
  });

  it('takes an active asset out of its station even when it has not left the circle yet', () => {
    const picture = parkedAtA();
    const after = evolve(picture, pointAt(T0, point('p1', { ...NEAR_A, enroute: true })));
    expect(assetIn(after, 'p1').status).toBe(ASSET_STATUS.active);
    expect(assetIn(after, 'p1').stationId).toBeNull();
  });

  it('puts an asset back in its station once it stops being active, without moving', () => {
    const active = evolve(
      parkedAtA(),
      pointAt(T0, point('p1', { lat: STATION_A.lat, lng: STATION_A.lng, enroute: true })),
    );
    const stopped = evolve(
      active,
      pointAt(T0 + SECOND, point('p1', { lat: STATION_A.lat, lng: STATION_A.lng, enroute: false })),
    );
    expect(assetIn(stopped, 'p1').stationId).toBe(STATION_A.id);
  });

  it('grows the run by one per point while the latest point is active and the run id stays', () => {
    const picture = loadedPicture({ things: [thing({ id: 't1' })] });
    const after = evolveBatch(picture, [
      pointAt(T0, point('t1', { runId: 'r1' })),
      pointAt(T0 + SECOND, point('t1', { runId: 'r1' })),
      pointAt(T0 + 2 * SECOND, point('t1', { runId: 'r1' })),
    ]);
    expect(assetIn(after, 't1')).toMatchObject({
      runId: 'r1',
      runPointsCount: 3,
      runStartTime: T0,
      isLatestPointActive: true,
    });
  });

  it('restarts the run (start now, count 1) when the run id changes', () => {
    const picture = loadedPicture({ things: [thing({ id: 't1' })] });
    const after = evolveBatch(picture, [
      pointAt(T0, point('t1', { runId: 'r1' })),
      pointAt(T0 + SECOND, point('t1', { runId: 'r1' })),
      pointAt(T0 + 2 * SECOND, point('t1', { runId: 'r2' })),
    ]);
    expect(assetIn(after, 't1')).toMatchObject({
      runId: 'r2',
      runPointsCount: 1,
      runStartTime: T0 + 2 * SECOND,
    });
  });

  it('restarts the run when the device is not en route', () => {
    const picture = loadedPicture({ things: [thing({ id: 't1' })] });
    const after = evolveBatch(picture, [
      pointAt(T0, point('t1')),
      pointAt(T0 + SECOND, point('t1')),
      pointAt(T0 + 2 * SECOND, point('t1', { enroute: false })),
    ]);
    expect(assetIn(after, 't1')).toMatchObject({
      runPointsCount: 1,
      runStartTime: T0 + 2 * SECOND,
      isLatestPointActive: false,
    });
  });

  it('restarts the run on every point while the asset is on an incident', () => {
    const picture = loadedPicture({
      things: [thing({ id: 't1' })],
      locations: [location({ id: 'loc', things_active: [{ id: 't1', start_time: iso(T0 - HOUR) }] })],
    });
    const after = evolveBatch(picture, [pointAt(T0, point('t1')), pointAt(T0 + SECOND, point('t1'))]);
    expect(assetIn(after, 't1')).toMatchObject({
      runPointsCount: 1,
      runStartTime: T0 + SECOND,
      status: ASSET_STATUS.location,
    });
  });

  it('counts a point for an unknown asset as dropped and changes nothing else', () => {
    const picture = loadedPicture({ things: [thing({ id: 't1' })] });
    const after = evolve(picture, pointAt(T0, point('ghost')));
    expect(after.dropped.messages).toBe(picture.dropped.messages + 1);
    expect(after.things).toBe(picture.things);
  });
});

describe('heartbeat', () => {
  it('updates course, speed, street, accuracy, position, heartbeat time and status', () => {
    const picture = loadedPicture({ things: [thing({ id: 't1', heartbeat_datetime: iso(T0 - 10 * HOUR) })] });
    expect(assetIn(picture, 't1').status).toBe(ASSET_STATUS.pending);
    const after = evolve(
      picture,
      heartbeatAt(
        T0,
        heartbeat('t1', {
          lat: 41.8,
          lng: -87.7,
          course: 270,
          speed: 3,
          street: 'W Lake St',
          accuracy: 7,
          heartbeatTime: T0,
        }),
      ),
    );
    expect(assetIn(after, 't1')).toMatchObject({
      position: { lat: 41.8, lng: -87.7 },
      course: 270,
      courseDirection: 'W',
      speed: 3,
      street: 'W Lake St',
      accuracy: 7,
      heartbeatTime: T0,
      lastCheckInTime: T0,
      status: ASSET_STATUS.stationary,
      isStale: false,
    });
  });

  it('an inactive heartbeat resets the run', () => {
    const running = evolveBatch(loadedPicture({ things: [thing({ id: 't1' })] }), [
      pointAt(T0, point('t1')),
      pointAt(T0 + SECOND, point('t1')),
    ]);
    expect(assetIn(running, 't1').runPointsCount).toBe(2);
    const after = evolve(running, heartbeatAt(T0 + 2 * SECOND, heartbeat('t1', { isActive: false })));
    expect(assetIn(after, 't1')).toMatchObject({
      runId: null,
      runStartTime: null,
      runPointsCount: 0,
      isLatestPointActive: false,
    });
  });

  it("sets the asset's inactive closure to standby", () => {
    const picture = loadedPicture({
      things: [thing({ id: 'arrow', heartbeat_datetime: iso(T0 - 10 * HOUR) })],
      closures: [
        closure({
          id: 'c1',
          closure_type: 'automated',
          thing: { id: 'arrow', heartbeat_datetime: iso(T0 - 10 * HOUR) },
        }),
      ],
    });
    expect(picture.closures.get('c1')?.status).toBe('pending');
    const after = evolve(picture, heartbeatAt(T0, heartbeat('arrow', { heartbeatTime: T0 })));
    expect(after.closures.get('c1')).toMatchObject({ status: 'standby', heartbeatTime: T0 });
  });

  it('leaves an active closure active', () => {
    const picture = loadedPicture({
      things: [thing({ id: 'arrow' })],
      closures: [closure({ id: 'c1', closure_type: 'automated', is_active: true, thing: { id: 'arrow' } })],
    });
    const after = evolve(picture, heartbeatAt(T0, heartbeat('arrow', { heartbeatTime: T0 })));
    expect(after.closures.get('c1')?.status).toBe('active');
  });
});
