// The clock (live §4, §9): staleness after 30 s, the status windows as time passes, and a quiet tick that changes
// nothing keeps the version and reports no changes. A picture is consumed when it is evolved, so each "given" is
// built afresh for every "when".
import { describe, expect, it } from 'vitest';
import { evolve } from '#domain/live/evolve';
import { NO_CHANGES } from '#domain/live/livePicture';
import { ASSET_STATUS } from '#domain/status/assetStatus';
import {
  HOUR,
  SECOND,
  T0,
  assetIn,
  closure,
  iso,
  loadedPicture,
  point,
  pointAt,
  thing,
  tickAt,
} from './support/builders.ts';

describe('staleness', () => {
  it('an asset turns stale when 30 s pass without hearing from it', () => {
    const heard = () => evolve(loadedPicture({ things: [thing({ id: 't1' })] }), pointAt(T0, point('t1')));
    expect(assetIn(evolve(heard(), tickAt(T0 + 29 * SECOND)), 't1').isStale).toBe(false);
    expect(assetIn(evolve(heard(), tickAt(T0 + 30 * SECOND)), 't1').isStale).toBe(true);
  });
});

describe('status windows as time passes', () => {
  it('an active asset that falls silent for over 2 h becomes pending, then offline after 96 h', () => {
    const active = () => evolve(loadedPicture({ things: [thing({ id: 't1' })] }), pointAt(T0, point('t1')));
    expect(assetIn(active(), 't1').status).toBe(ASSET_STATUS.active);
    expect(assetIn(evolve(active(), tickAt(T0 + 2 * HOUR)), 't1').status).toBe(ASSET_STATUS.active);
    expect(assetIn(evolve(active(), tickAt(T0 + 2 * HOUR + 1)), 't1').status).toBe(ASSET_STATUS.pending);
    expect(assetIn(evolve(active(), tickAt(T0 + 96 * HOUR + 1)), 't1').status).toBe(ASSET_STATUS.offline);
  });

  it("the server's status stands until time says the asset went quiet", () => {
    const picture = () =>
      loadedPicture({ things: [thing({ id: 't1', status: 'active', heartbeat_datetime: iso(T0) })] });
    expect(assetIn(evolve(picture(), tickAt(T0 + 7 * HOUR)), 't1').status).toBe(ASSET_STATUS.active);
    const later = evolve(picture(), tickAt(T0 + 8 * HOUR + 1));
    expect(assetIn(later, 't1')).toMatchObject({ status: ASSET_STATUS.pending, statusSource: 'derived' });
  });

  it('an inactive automated closure ages with its asset: pending after 8 h without a check-in', () => {
    const picture = loadedPicture({
      things: [thing({ id: 'arrow', heartbeat_datetime: iso(T0) })],
      closures: [
        closure({ id: 'c1', closure_type: 'automated', thing: { id: 'arrow', heartbeat_datetime: iso(T0) } }),
      ],
    });
    expect(picture.closures.get('c1')?.status).toBe('standby');
    expect(evolve(picture, tickAt(T0 + 8 * HOUR + 1)).closures.get('c1')?.status).toBe('pending');
  });
});

describe('a quiet tick', () => {
  it('keeps the version and reports no changes when nothing is due', () => {
    const picture = evolve(loadedPicture({ things: [thing({ id: 't1' })] }), pointAt(T0, point('t1')));
    const quiet = evolve(picture, tickAt(T0 + SECOND));
    expect(quiet.version).toBe(picture.version);
    expect(quiet.changes).toEqual(NO_CHANGES);
    expect(quiet.things).toBe(picture.things);
    // A second quiet tick has nothing new to say either: the very same picture.
    expect(evolve(quiet, tickAt(T0 + 2 * SECOND))).toBe(quiet);
  });
});
