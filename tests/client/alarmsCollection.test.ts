// The live worker's alarm queue (client/live/heldAlarms.ts, alarmsCollection.ts; docs/alarms.md "The dashboard"):
// read once per organization, then kept by the cable's alarm messages — an acknowledgement leaves the lists, a
// cleared open alarm moves to the cleared list with its time, another organization's message or a kind the user
// does not see changes nothing — and read again only for a raised alarm (the cable carries no text) or a gap.
// The provider here serves `GET /api/alarms` from the domain's own queue fold and counts the reads.
import { describe, expect, it } from 'vitest';
import { alarmStateOf, alarmText, type AlarmKind } from '#domain/alarms/alarm';
import {
  evolveAlarmQueue,
  EMPTY_ALARM_QUEUE,
  type AlarmQueue,
  type QueuedAlarm,
} from '#domain/alarms/alarmQueue';
import { VIEW_EVENTS, VIEW_ZONES } from '#domain/session/routeGates';
import type { ApiClient, ApiResult } from '#client/api/httpClient.ts';
import { AlarmsCollection } from '#client/live/alarmsCollection.ts';
import { alarmChangeOf, applyAlarmChange, type AlarmsFrame } from '#client/live/heldAlarms.ts';
import { loaded } from '#client/ui/loadState.ts';

const T0 = Date.parse('2026-12-02T09:00:00Z');
const ORG = 'org-1';
/** Sees incidents and wrong-way alerts only. */
const PERMISSIONS = new Set([VIEW_EVENTS[0], VIEW_ZONES[0]]);
const VISIBLE: ReadonlySet<AlarmKind> = new Set(['incident_started', 'wrong_way_alert']);

function queued(n: number, kind: AlarmKind = 'incident_started', organizationId = ORG): QueuedAlarm {
  return {
    id: `alarm-${n}`,
    kind,
    organizationId,
    subjectId: `subject-${n}`,
    subjectName: `Street ${n}`,
    detail: null,
    raisedAt: T0 + n * 1000,
    acknowledgedAt: null,
    acknowledgedBy: null,
    acknowledgedByName: null,
    clearedAt: null,
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The simulator's `GET /api/alarms` over a queue the test changes, answering at once; it counts the reads. */
function provider(initial: QueuedAlarm[]) {
  let queue: AlarmQueue = initial.reduce(
    (folded, alarm) => evolveAlarmQueue(folded, { type: 'AlarmRaised', alarm }),
    EMPTY_ALARM_QUEUE,
  );
  const reads: string[] = [];
  const client: ApiClient = {
    request<T>(_method: string, _path: string, options: { query?: Record<string, unknown> } = {}) {
      const state = String(options.query?.state);
      reads.push(state);
      const seen = [...queue.values()].filter((a) => a.organizationId === ORG && VISIBLE.has(a.kind));
      const inState = seen.filter((a) => alarmStateOf(a) === state).sort((a, b) => a.raisedAt - b.raisedAt);
      const data = {
        data: inState.map((a) => ({
          id: a.id,
          kind: a.kind,
          organization_id: a.organizationId,
          subject_id: a.subjectId,
          subject_name: a.subjectName,
          raised_at: iso(a.raisedAt),
          text: alarmText(a.kind, a.subjectName),
          detail: a.detail,
          acknowledged_at: iso(a.acknowledgedAt),
          acknowledged_by: a.acknowledgedBy,
          acknowledged_by_name: a.acknowledgedByName,
          cleared_at: iso(a.clearedAt),
        })),
        meta: {
          page: 1,
          per_page: 500,
          total: inState.length,
          open_total: seen.filter((a) => alarmStateOf(a) === 'open').length,
        },
      };
      return Promise.resolve({ ok: true, status: 200, value: data as T } satisfies ApiResult<T>);
    },
  };
  return {
    client,
    reads,
    raise(alarm: QueuedAlarm) {
      queue = evolveAlarmQueue(queue, { type: 'AlarmRaised', alarm });
    },
  };
}

async function collectionOver(initial: QueuedAlarm[]) {
  const server = provider(initial);
  const frames: AlarmsFrame[] = [];
  const collection = new AlarmsCollection(server.client, PERMISSIONS, (frame) => frames.push(frame));
  collection.watch(ORG);
  await settled();
  const latest = (): AlarmsFrame => {
    const frame = frames.at(-1);
    if (frame === undefined) throw new Error('no alarms sent');
    return frame;
  };
  /** A cable message as the sources hand it on: decoded once. */
  const receive = (type: string, data: unknown) => {
    const change = alarmChangeOf({ type, data });
    if (change === null) throw new Error(`${type} did not decode`);
    collection.changed(change);
  };
  return { server, frames, collection, latest, receive };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const ids = (frame: AlarmsFrame, list: 'open' | 'cleared') => {
  const state = frame[list];
  return state.phase === 'loaded' ? state.value.alarms.map((alarm) => alarm.id) : state.phase;
};
const openTotalOf = (frame: AlarmsFrame) =>
  frame.open.phase === 'loaded' ? frame.open.value.openTotal : null;

describe("the live worker's alarm queue", () => {
  it('reads both lists once when the organization is set', async () => {
    const { server, latest } = await collectionOver([queued(1), queued(2), queued(3, 'asset_offline')]);
    expect(server.reads.sort()).toEqual(['cleared', 'open']);
    expect(ids(latest(), 'open')).toEqual(['alarm-1', 'alarm-2']);
    expect(ids(latest(), 'cleared')).toEqual([]);
    expect(openTotalOf(latest())).toBe(2);
  });

  it('drops acknowledged alarms and moves cleared ones without reading again', async () => {
    const { server, collection, latest, receive } = await collectionOver([queued(1), queued(2), queued(3)]);
    const readsBefore = server.reads.length;
    receive('alarms_acknowledged', {
      organization_id: ORG,
      alarm_ids: ['alarm-2'],
      acknowledged_at: iso(T0 + 9000),
    });
    receive('alarms_cleared', {
      organization_id: ORG,
      alarm_ids: ['alarm-3', 'alarm-1'],
      cleared_at: iso(T0 + 10_000),
    });
    await settled();
    expect(server.reads.length).toBe(readsBefore);
    expect(ids(latest(), 'open')).toEqual([]);
    expect(ids(latest(), 'cleared')).toEqual(['alarm-1', 'alarm-3']);
    expect(openTotalOf(latest())).toBe(0);
    const cleared = latest().cleared;
    expect(cleared.phase === 'loaded' && cleared.value.alarms.map((a) => a.clearedAt)).toEqual([
      T0 + 10_000,
      T0 + 10_000,
    ]);
    // A cleared alarm acknowledged afterwards goes to the Acknowledged tab, which the screen reads.
    collection.changed({ kind: 'acknowledged', organizationId: ORG, alarmIds: ['alarm-3'] });
    expect(ids(latest(), 'cleared')).toEqual(['alarm-1']);
  });

  it('reads again for a raised alarm it may show, and only then', async () => {
    const { server, frames, latest, receive } = await collectionOver([queued(1)]);
    const readsBefore = server.reads.length;
    const framesBefore = frames.length;
    receive('alarm', { id: 'alarm-8', kind: 'asset_offline', organization_id: ORG, raised_at: iso(T0) });
    receive('alarm', {
      id: 'alarm-9',
      kind: 'incident_started',
      organization_id: 'org-2',
      raised_at: iso(T0),
    });
    await settled();
    expect(server.reads.length).toBe(readsBefore);
    expect(frames.length).toBe(framesBefore);

    server.raise(queued(4, 'wrong_way_alert'));
    receive('alarm', {
      id: 'alarm-4',
      kind: 'wrong_way_alert',
      organization_id: ORG,
      raised_at: iso(T0 + 4000),
    });
    await settled();
    expect(server.reads.length).toBe(readsBefore + 2);
    expect(ids(latest(), 'open')).toEqual(['alarm-1', 'alarm-4']);
    expect(openTotalOf(latest())).toBe(2);
  });

  it('reads again when a change names an alarm beyond the page it holds', () => {
    const list = { alarms: [], total: 600, openTotal: 600 };
    const held = { open: loaded(list), cleared: loaded({ ...list, total: 0 }) };
    const outcome = applyAlarmChange(
      held,
      ORG,
      { kind: 'acknowledged', organizationId: ORG, alarmIds: ['alarm-550'] },
      VISIBLE,
    );
    expect(outcome.readAgain).toBe(true);
    const complete = { open: loaded({ ...list, total: 0, openTotal: 0 }), cleared: held.cleared };
    expect(
      applyAlarmChange(complete, ORG, { kind: 'acknowledged', organizationId: ORG, alarmIds: ['x'] }, VISIBLE)
        .readAgain,
    ).toBe(false);
  });

  it('ignores what is not an alarm message or does not read as one', () => {
    expect(alarmChangeOf({ type: 'location', data: {} })).toBeNull();
    expect(alarmChangeOf({ type: 'alarm', data: { id: 'a' } })).toBeNull();
  });
});
