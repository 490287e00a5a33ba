// Batching (live §4: messages are processed once per second): within a batch, later messages about the same
// entity supersede earlier ones where they carry the whole truth; everything else keeps its order.
import { describe, expect, it } from 'vitest';
import { coalesceMessages } from '#domain/live/coalesce';
import { evolveBatch } from '#domain/live/evolve';
import type { LiveMessageEvent } from '#domain/live/liveEvents';
import { SECOND, T0, assetIn, heartbeat, loadedPicture, location, point, thing } from './support/builders.ts';

const p = (thingId: string, runId: string, now = T0): LiveMessageEvent => ({
  type: 'PointReceived',
  point: point(thingId, { runId }),
  now,
});
const h = (thingId: string, speed: number): LiveMessageEvent => ({
  type: 'HeartbeatReceived',
  heartbeat: heartbeat(thingId, { speed }),
  now: T0,
});
const th = (id: string, nickname: string): LiveMessageEvent => ({
  type: 'ThingReceived',
  thing: thing({ id, nickname }),
  now: T0,
});
const loc = (id: string, street: string): LiveMessageEvent => ({
  type: 'LocationReceived',
  location: location({ id, street }),
  now: T0,
});
const describeMessage = (message: LiveMessageEvent) => {
  switch (message.type) {
    case 'PointReceived':
      return `point ${message.point.thingId} ${message.point.runId}`;
    case 'HeartbeatReceived':
      return `heartbeat ${message.heartbeat.thingId} ${message.heartbeat.speed}`;
    case 'ThingReceived':
      return `thing ${message.thing.id} ${message.thing.nickname}`;
    case 'LocationReceived':
      return `location ${message.location.id} ${message.location.street}`;
    default:
      return message.type;
  }
};

describe('coalescing a batch by id', () => {
  it('keeps only the latest thing, heartbeat, location and closure per id, each at its own (latest) place', () => {
    const batch = [
      th('a', 'first'),
      h('a', 1),
      loc('l', 'Old St'),
      p('a', 'r1'),
      h('a', 2),
      th('a', 'second'),
      loc('l', 'New St'),
    ];
    expect(coalesceMessages(batch).map(describeMessage)).toEqual([
      'point a r1',
      'heartbeat a 2',
      'thing a second',
      'location l New St',
    ]);
  });

  it('never drops points: each one extends the run', () => {
    const batch = [p('a', 'r1'), p('a', 'r1'), p('b', 'r1'), p('a', 'r1')];
    expect(coalesceMessages(batch)).toEqual(batch);
    const picture = loadedPicture({ things: [thing({ id: 'a' }), thing({ id: 'b' })] });
    expect(assetIn(evolveBatch(picture, coalesceMessages(batch)), 'a').runPointsCount).toBe(3);
  });

  it('keeps different ids and different kinds apart, in arrival order', () => {
    const batch = [h('a', 1), h('b', 1), th('a', 'x'), loc('a', 'A St'), p('a', 'r1', T0 + SECOND)];
    expect(coalesceMessages(batch)).toEqual(batch);
  });

  it('gives the same picture as applying every message, for messages that supersede', () => {
    // Two pictures loaded alike: a picture is consumed when it is evolved.
    const start = () => loadedPicture({ things: [thing({ id: 'a' })] });
    const batch = [h('a', 1), th('a', 'first'), h('a', 7), th('a', 'second')];
    const full = evolveBatch(start(), batch);
    const coalesced = evolveBatch(start(), coalesceMessages(batch));
    expect(assetIn(coalesced, 'a')).toEqual(assetIn(full, 'a'));
  });
});
