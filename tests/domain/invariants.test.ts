// Properties that hold for any sequence of messages (fast-check): every asset has exactly one status consistent
// with its state, the counters add up, `changes` names exactly the assets each step changed (the records are
// changed in place, so a reader that follows `changes` is the only way to keep up), and malformed input of any
// shape is counted rather than crashing anything.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { decodeAreas } from '#domain/areas/area';
import { decodeClosures } from '#domain/closures/closure';
import { coalesceMessages } from '#domain/live/coalesce';
import { evolveBatch } from '#domain/live/evolve';
import type { LiveEvent } from '#domain/live/liveEvents';
import {
  decodeLiveMessage,
  heartbeatFastPath,
  mapServerHeartbeat,
  mapServerPoint,
  pointFastPath,
  ServerHeartbeatSchema,
  ServerPointSchema,
} from '#domain/live/liveMessages';
import { NO_CHANGES, type LivePicture } from '#domain/live/livePicture';
import { liveSettings } from '#domain/live/liveSettings';
import { thingCounts } from '#domain/live/pictureViews';
import { decodeLocations } from '#domain/locations/location';
import { decodeProfile } from '#domain/organizations/profile';
import { ASSET_STATUS, ASSET_STATUSES, isAtMostActive } from '#domain/status/assetStatus';
import { decodeThings } from '#domain/things/thing';
import { decodeThingsPage } from '#domain/things/thingsPage';
import { decodeAlertingZones } from '#domain/zones/alertingZone';
import {
  ORGANIZATION,
  STATION_A,
  T0,
  iso,
  loadedPicture,
  serverThing,
  stationArea,
  thing,
} from './support/builders.ts';

const FLEET = ['a', 'b', 'c', 'd', 'e'];
const thingId = fc.constantFrom(...FLEET, 'unknown');
const latitude = fc.double({ min: STATION_A.lat - 0.003, max: STATION_A.lat + 0.003, noNaN: true });
const longitude = fc.double({ min: STATION_A.lng - 0.003, max: STATION_A.lng + 0.003, noNaN: true });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const time = fc.integer({ min: T0 - 100 * 3_600_000, max: T0 + 3_600_000 }).map(iso);

const pointData = fc.record({
  id: fc.string(),
  thing_id: thingId,
  lat: latitude,
  lng: longitude,
  speed: maybe(fc.double({ min: 0, max: 40, noNaN: true })),
  course: maybe(fc.double({ min: 0, max: 360, noNaN: true })),
  accuracy: maybe(fc.double({ min: 0, max: 100, noNaN: true })),
  enroute: maybe(fc.boolean()),
  run_id: maybe(fc.constantFrom('r1', 'r2', 'r3')),
  street: maybe(fc.constantFrom('', 'W Adams St', 'S State St')),
});

const heartbeatData = fc.record({
  thing_id: thingId,
  lat: maybe(latitude),
  lng: maybe(longitude),
  speed: maybe(fc.double({ min: 0, max: 40, noNaN: true })),
  course: maybe(fc.double({ min: 0, max: 360, noNaN: true })),
  accuracy: maybe(fc.double({ min: 0, max: 100, noNaN: true })),
  street: maybe(fc.constantFrom('', 'W Adams St')),
  enroute: maybe(fc.boolean()),
  is_active: maybe(fc.boolean()),
  heartbeat_datetime: maybe(time),
});

const thingData = fc
  .record({
    id: fc.constantFrom(...FLEET),
    is_active: fc.boolean(),
    in_service: fc.boolean(),
    enroute: fc.boolean(),
    status: maybe(
      fc.constantFrom('active', 'standby', 'stationary', 'pending', 'offline', 'active_location', 'odd'),
    ),
    heartbeat_datetime: maybe(time),
    is_publicly_alerting: fc.boolean(),
  })
  .map((fields) => serverThing(fields));

const locationData = fc.record({
  id: fc.constantFrom('loc-1', 'loc-2'),
  is_active: fc.boolean(),
  lat: latitude,
  lng: longitude,
  start_time: maybe(time),
  things_active: fc.subarray(FLEET).map((ids) => ids.map((id) => ({ id }))),
  things_inactive: fc.subarray(FLEET).map((ids) => ids.map((id) => ({ id }))),
});

const closureData = fc.record({
  id: fc.constantFrom('c-1', 'c-2'),
  closure_type: fc.constantFrom('manual', 'automated', 'feed'),
  is_active: fc.boolean(),
  is_in_service: fc.boolean(),
  thing: fc.constantFrom(...FLEET).map((id) => ({ id })),
});

/** Cable messages as they come off the wire, malformed ones included. */
const rawMessage = fc.oneof(
  { weight: 5, arbitrary: pointData.map((data) => ({ type: 'point', data })) },
  { weight: 3, arbitrary: heartbeatData.map((data) => ({ type: 'heartbeat', data })) },
  { weight: 1, arbitrary: thingData.map((data) => ({ type: 'thing', data })) },
  { weight: 1, arbitrary: locationData.map((data) => ({ type: 'location', data })) },
  { weight: 1, arbitrary: closureData.map((data) => ({ type: 'closure', data })) },
  { weight: 1, arbitrary: fc.anything() },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constantFrom('point', 'heartbeat', 'thing', 'closure'),
      data: fc.anything(),
    }),
  },
);

/** Batches of raw messages, each followed by a clock tick some seconds to hours later. */
const batches = fc.array(
  fc.record({
    messages: fc.array(rawMessage, { maxLength: 12 }),
    advance: fc.integer({ min: 0, max: 10 * 3_600_000 }),
  }),
  { maxLength: 8 },
);

function startingPicture(): LivePicture {
  return loadedPicture({
    areas: [stationArea(STATION_A)],
    things: FLEET.map((id, index) =>
      thing({ id, lat: STATION_A.lat + index * 0.0005, lng: STATION_A.lng, enroute: index % 2 === 0 }),
    ),
  });
}

/** What a picture held while it was the newest: its version and every asset's content. */
type Seen = { version: number; things: ReadonlyMap<string, string> };

function seen(picture: LivePicture): Seen {
  return {
    version: picture.version,
    things: new Map([...picture.things].map(([id, asset]) => [id, JSON.stringify(asset)])),
  };
}

function run(
  picture: LivePicture,
  plan: { messages: unknown[]; advance: number }[],
  onStep: (before: Seen, after: LivePicture) => void,
) {
  const settings = liveSettings();
  let now = T0;
  let current = picture;
  for (const batch of plan) {
    const events: LiveEvent[] = batch.messages.map((message) =>
      decodeLiveMessage(message, { now, settings, organization: ORGANIZATION }),
    );
    now += batch.advance;
    const decoded = events.filter((event) => event.type !== 'MessageRejected');
    const before = seen(current);
    const next = evolveBatch(current, [
      ...coalesceMessages(decoded as never),
      ...events.filter((event) => event.type === 'MessageRejected'),
      { type: 'ClockTicked', now },
    ]);
    onStep(before, next);
    current = next;
  }
  return current;
}

function snapshot(picture: LivePicture): string {
  return JSON.stringify({
    version: picture.version,
    things: [...picture.things.entries()],
    locations: [...picture.locations.entries()],
    closures: [...picture.closures.entries()],
    dropped: picture.dropped,
  });
}

describe('invariants over any sequence of messages', () => {
  it('every asset has exactly one status, consistent with its state', () => {
    fc.assert(
      fc.property(batches, (plan) => {
        run(startingPicture(), plan, (_before, after) => {
          for (const asset of after.things.values()) {
            expect(ASSET_STATUSES).toContain(asset.status);
            if (!asset.inService) expect(asset.status).toBe(ASSET_STATUS.outOfService);
            if (asset.statusSource === 'derived' && asset.inService && asset.activeClosures.length > 0) {
              expect(asset.status).toBe(ASSET_STATUS.active);
            }
            if (asset.stationId !== null) expect(isAtMostActive(asset.status)).toBe(false);
            if (asset.isOnIncident) expect(asset.locationId).not.toBeNull();
          }
        });
      }),
      { numRuns: 150 },
    );
  });

  it('the counters add up to the fleet', () => {
    fc.assert(
      fc.property(batches, (plan) => {
        run(startingPicture(), plan, (_before, after) => {
          const counts = thingCounts(after);
          expect(counts.online + counts.offline + counts.outOfService).toBe(after.things.size);
          expect(counts.total).toBe(after.things.size);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('changes name exactly what is new, updated or removed, and the version grows with every change', () => {
    fc.assert(
      fc.property(batches, (plan) => {
        const first = startingPicture();
        // A reader that only follows `changes`, as the map and the worker do.
        const mirror = new Map(seen(first).things);
        run(first, plan, (before, after) => {
          const { addedThings, updatedThings, removedThings } = after.changes;
          const listed = [...addedThings, ...updatedThings, ...removedThings];
          expect(new Set(listed).size).toBe(listed.length);
          if (after.version === before.version) {
            expect(after.changes).toEqual(NO_CHANGES);
            expect(seen(after).things).toEqual(before.things);
            return;
          }
          expect(after.version).toBe(before.version + 1);
          for (const id of addedThings)
            expect([before.things.has(id), after.things.has(id)]).toEqual([false, true]);
          for (const id of updatedThings)
            expect([before.things.has(id), after.things.has(id)]).toEqual([true, true]);
          for (const id of removedThings)
            expect([before.things.has(id), after.things.has(id)]).toEqual([true, false]);
          for (const [id, content] of seen(after).things) {
            if (content !== before.things.get(id)) expect(listed).toContain(id);
          }
          for (const id of [...addedThings, ...updatedThings])
            mirror.set(id, JSON.stringify(after.things.get(id)));
          for (const id of removedThings) mirror.delete(id);
          expect(mirror).toEqual(seen(after).things);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('only the newest picture may be evolved: an older one has had its records changed since', () => {
    const first = startingPicture();
    const next = evolveBatch(first, [{ type: 'ClockTicked', now: T0 + 96 * 3_600_000 }]);
    expect(next.version).toBe(first.version + 1);
    expect(() => evolveBatch(first, [{ type: 'ClockTicked', now: T0 + 1 }])).toThrow(/no longer current/);
    expect(() => evolveBatch(next, [{ type: 'ClockTicked', now: T0 + 97 * 3_600_000 }])).not.toThrow();
  });

  it('malformed messages are counted, never applied, never thrown', () => {
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 20 }), (garbage) => {
        const picture = startingPicture();
        const after = run(picture, [{ messages: garbage, advance: 1000 }], () => undefined);
        expect(after.dropped.messages).toBeGreaterThanOrEqual(picture.dropped.messages);
      }),
    );
  });
});

describe('decoders never throw on malformed input', () => {
  it('drop and count whatever fails its structural check', () => {
    const decoders = [decodeThings, decodeLocations, decodeClosures, decodeAreas, decodeAlertingZones];
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(fc.anything())), (input) => {
        for (const decode of decoders) {
          const result = decode(input);
          expect(result.records.length + result.dropped).toBe(Array.isArray(input) ? input.length : 0);
        }
        expect(() => decodeThingsPage(input, { now: T0 })).not.toThrow();
        expect(() => decodeProfile(input)).not.toThrow();
      }),
    );
  });

  it('the hand-written point fast path accepts only what the schema accepts, and reads it the same way', () => {
    const pointLike = fc.record(
      {
        id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        thing_id: fc.oneof(fc.string(), fc.integer()),
        lat: fc.oneof(fc.double(), fc.string()),
        lng: fc.oneof(fc.double(), fc.constant(null)),
        speed: fc.oneof(fc.double(), fc.constant(Number.NaN), fc.constant(null), fc.string()),
        course: fc.oneof(fc.double(), fc.constant(undefined)),
        accuracy: fc.oneof(fc.double(), fc.boolean()),
        enroute: fc.oneof(fc.boolean(), fc.constant(null), fc.integer()),
        run_id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        timestamp: fc.oneof(fc.string(), fc.constant(null), fc.integer()),
        street: fc.oneof(fc.string(), fc.constant(null), fc.integer()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(pointLike, (data) => {
        const fast = pointFastPath(data);
        const parsed = v.safeParse(ServerPointSchema, data);
        if (fast !== null) {
          expect(parsed.success).toBe(true);
          if (parsed.success) expect(fast).toEqual(mapServerPoint(parsed.output));
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the heartbeat fast path', () => {
  it('accepts only what the schema accepts, and reads it the same way', () => {
    const heartbeatLike = fc.record(
      {
        thing_id: fc.oneof(fc.string(), fc.integer()),
        lat: fc.oneof(fc.double(), fc.constant(null), fc.string()),
        lng: fc.oneof(fc.double(), fc.constant(undefined)),
        speed: fc.oneof(fc.double(), fc.constant(null), fc.boolean()),
        course: fc.oneof(fc.double(), fc.constant(null)),
        accuracy: fc.oneof(fc.double(), fc.string()),
        street: fc.oneof(fc.string(), fc.constant(null), fc.integer()),
        enroute: fc.oneof(fc.boolean(), fc.constant(null), fc.string()),
        is_active: fc.oneof(fc.boolean(), fc.constant(undefined), fc.integer()),
        heartbeat_datetime: fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          fc.string(),
          fc.integer(),
          fc.constant(null),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(heartbeatLike, (data) => {
        const fast = heartbeatFastPath(data);
        const parsed = v.safeParse(ServerHeartbeatSchema, data);
        if (fast !== null) {
          expect(parsed.success).toBe(true);
          if (parsed.success) expect(fast).toEqual(mapServerHeartbeat(parsed.output));
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a picture loaded twice from the same records is the same picture', () => {
  it('loading is deterministic', () => {
    const records = FLEET.map((id) => thing({ id }));
    const once = loadedPicture({ things: records });
    const twice = loadedPicture({ things: records });
    expect(snapshot(once)).toBe(snapshot(twice));
  });
});
