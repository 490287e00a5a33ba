// Broadcasts come from the log: subscribers hear each committed transaction's events in order, nothing of a
// transaction that failed (nor of a failed savepoint inside one), and the cable subscriber maps committed events to
// the cable messages of docs/cable.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cableDeliveriesOf } from '#sim/cable/committedBroadcasts';
import type { ThingAudienceReader } from '#sim/things/thingAudience';
import type { CommittedEvent } from '#sim/store/eventLog';
import type { StoredEvent } from '#sim/store/events';
import { startHarness, type Harness } from './support/simulatorHarness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

const typeRecord = (id: string) => ({
  type: 'ThingTypeRegistered' as const,
  data: { id, name: `type-${id}`, display_name: `Type ${id}`, emergency: false },
});
const envelope = (id: string) => ({ streamId: id, organizationId: null, recordedAt: harness.clock.now() });

describe('EventLog subscribers', () => {
  it('hear a committed transaction once, in order, after the commit', () => {
    const log = harness.app.eventLog;
    const heard: string[][] = [];
    let committedWhenHeard = false;
    const unsubscribe = log.subscribe((events) => {
      committedWhenHeard = !log.db.inTransaction;
      heard.push(events.map((committed) => committed.event.streamId));
    });
    log.transaction(() => {
      log.record(typeRecord('t-1'), envelope('t-1'));
      log.record(typeRecord('t-2'), envelope('t-2'));
      expect(heard).toEqual([]);
    });
    unsubscribe();
    expect(heard).toEqual([['t-1', 't-2']]);
    expect(committedWhenHeard).toBe(true);
  });

  it('hear nothing of a transaction that fails, nor of a failed savepoint inside one', () => {
    const log = harness.app.eventLog;
    const heard: string[] = [];
    const unsubscribe = log.subscribe((events) =>
      heard.push(...events.map((committed) => committed.event.streamId)),
    );
    expect(() =>
      log.transaction(() => {
        log.record(typeRecord('t-3'), envelope('t-3'));
        throw new Error('refused halfway');
      }),
    ).toThrow('refused halfway');
    log.transaction(() => {
      log.record(typeRecord('t-4'), envelope('t-4'));
      try {
        log.transaction(() => {
          log.record(typeRecord('t-5'), envelope('t-5'));
          throw new Error('inner');
        });
      } catch {
        // The savepoint is rolled back; the outer transaction goes on.
      }
    });
    unsubscribe();
    expect(heard).toEqual(['t-4']);
    expect(
      log.db.prepare("SELECT count(*) AS n FROM events WHERE stream_id IN ('t-3', 't-5')").get(),
    ).toEqual({ n: 0 });
  });
});

describe('cableDeliveriesOf', () => {
  const things: ThingAudienceReader = {
    audienceOf: () => ['org-a', 'org-b'],
    thingJson: () => JSON.stringify({ id: 'thing-1', is_active: true }),
    forgetWhenChanged: () => undefined,
  };
  const stored = (event: Pick<StoredEvent, 'type' | 'data'>, seq = 7) =>
    ({ ...event, streamId: 'thing-1', organizationId: 'org-a', recordedAt: 0, seq }) as StoredEvent;
  const telemetry = {
    time: '2026-03-02T15:00:00.000Z',
    lat: 41.88,
    lng: -87.63,
    speed: 3,
    course: 90,
    accuracy: 5,
    enroute: true,
    street: null,
  };
  const liveState = { heartbeatAt: 0, enroute: true, runId: '5', street: 'W MADISON ST' };

  it('maps a point to the point message with the run and the known street, for everyone who sees the thing', () => {
    const committed: CommittedEvent = {
      event: stored({ type: 'PointRecorded', data: telemetry }),
      outcome: { liveState },
    };
    expect(cableDeliveriesOf(committed, things)).toEqual([
      {
        organizationIds: ['org-a', 'org-b'],
        type: 'point',
        data: {
          id: '7',
          thing_id: 'thing-1',
          lat: 41.88,
          lng: -87.63,
          speed: 3,
          course: 90,
          accuracy: 5,
          street: 'W MADISON ST',
          enroute: true,
          run_id: '5',
          timestamp: '2026-03-02T15:00:00.000Z',
        },
      },
    ]);
  });

  it('sends nothing for a sample too old to move the thing', () => {
    const committed: CommittedEvent = {
      event: stored({ type: 'HeartbeatRecorded', data: telemetry }),
      outcome: { liveState: null },
    };
    expect(cableDeliveriesOf(committed, things)).toEqual([]);
  });

  it('sends the thing to its audience, and as inactive to organizations whose sharing was revoked', () => {
    const committed: CommittedEvent = {
      event: stored({
        type: 'ThingRelationshipsChanged',
        data: { organization_relationships: [], revoked_organization_uuids: ['org-c', 'org-b'] },
      }),
      outcome: null,
    };
    expect(cableDeliveriesOf(committed, things)).toEqual([
      { organizationIds: ['org-a', 'org-b'], type: 'thing', data: { id: 'thing-1', is_active: true } },
      { organizationIds: ['org-c'], type: 'thing', data: { id: 'thing-1', is_active: false } },
    ]);
  });

  it('has no message for events the cable does not carry', () => {
    expect(
      cableDeliveriesOf(
        { event: stored({ type: 'ConfigFileDeleted', data: { id: 'f-1' } }), outcome: null },
        things,
      ),
    ).toEqual([]);
  });

  it('tells the owning organization a closure was deleted', () => {
    expect(
      cableDeliveriesOf(
        { event: stored({ type: 'ClosureDeleted', data: { id: 'c-1' } }), outcome: null },
        things,
      ),
    ).toEqual([
      { organizationIds: ['org-a'], type: 'closure_deleted', data: { id: 'c-1', organization_id: 'org-a' } },
    ]);
  });
});
