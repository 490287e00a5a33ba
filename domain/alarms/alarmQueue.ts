// The alarm queue as events fold it: an alarm raised, one alarm acknowledged, every listed alarm acknowledged at
// once, and the condition an alarm was raised for ending (issue 37 item 4: it clears). The simulator's projection (sim-server/alarms/alarmProjection.ts) writes the same fold into SQLite; the
// tests fold these to say what a queue holds after a story. Which log event raises an alarm is alarmRules.ts.
import type { AlarmKind } from './alarm.ts';

// ---------------------------------------------------------------------------------------------
// Type

export type QueuedAlarm = {
  id: string;
  kind: AlarmKind;
  organizationId: string;
  subjectId: string;
  subjectName: string;
  /** What the alarm's source adds to its sentence: a wrong-way zone's alert message; null for the others. */
  detail: string | null;
  /** Unix ms: when what raised it happened (the log's time of the event). */
  raisedAt: number;
  acknowledgedAt: number | null;
  acknowledgedBy: string | null;
  acknowledgedByName: string | null;
  /** Unix ms: when its condition ended (the asset came back, the incident ended, ...); null while it holds. */
  clearedAt: number | null;
};

export type AlarmQueue = ReadonlyMap<string, QueuedAlarm>;

export const EMPTY_ALARM_QUEUE: AlarmQueue = new Map();

// ---------------------------------------------------------------------------------------------
// Events

/** The condition an alarm stands for: its kind and what it is about, in an organization. */
export type AlarmCondition = { organizationId: string; kind: AlarmKind; subjectId: string };

/** Who acknowledged and when (unix ms). */
export type Acknowledgement = { userId: string; userName: string; at: number };

export type AlarmEvent =
  | { type: 'AlarmRaised'; alarm: QueuedAlarm }
  | { type: 'AlarmAcknowledged'; alarmId: string; by: Acknowledgement }
  | { type: 'AlarmsAcknowledged'; alarmIds: readonly string[]; by: Acknowledgement }
  | { type: 'AlarmConditionEnded'; condition: AlarmCondition; at: number };

// ---------------------------------------------------------------------------------------------
// Evolve

function acknowledged(alarm: QueuedAlarm, by: Acknowledgement): QueuedAlarm {
  return { ...alarm, acknowledgedAt: by.at, acknowledgedBy: by.userId, acknowledgedByName: by.userName };
}

/** An acknowledgement of an alarm already acknowledged keeps the first: who handled it first is what counts. */
export function evolveAlarmQueue(queue: AlarmQueue, event: AlarmEvent): AlarmQueue {
  switch (event.type) {
    case 'AlarmRaised': {
      if (queue.has(event.alarm.id)) return queue;
      return new Map(queue).set(event.alarm.id, event.alarm);
    }
    case 'AlarmAcknowledged':
      return acknowledgeEach(queue, [event.alarmId], event.by);
    case 'AlarmsAcknowledged':
      return acknowledgeEach(queue, event.alarmIds, event.by);
    case 'AlarmConditionEnded':
      return clearEach(queue, event.condition, event.at);
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown alarm event ${JSON.stringify(unexpected)}`);
    }
  }
}

function acknowledgeEach(queue: AlarmQueue, alarmIds: readonly string[], by: Acknowledgement): AlarmQueue {
  let next: Map<string, QueuedAlarm> | null = null;
  for (const id of alarmIds) {
    const alarm = queue.get(id);
    if (!alarm || alarm.acknowledgedAt !== null) continue;
    next ??= new Map(queue);
    next.set(id, acknowledged(alarm, by));
  }
  return next ?? queue;
}

/** Whether an alarm still stands for a condition that has not ended (acknowledged or not). */
export const isUncleared = (alarm: QueuedAlarm, condition: AlarmCondition): boolean =>
  alarm.clearedAt === null &&
  alarm.organizationId === condition.organizationId &&
  alarm.kind === condition.kind &&
  alarm.subjectId === condition.subjectId;

/** Every alarm of the condition that has not cleared yet clears, acknowledged or not; cleared ones keep their time. */
function clearEach(queue: AlarmQueue, condition: AlarmCondition, at: number): AlarmQueue {
  let next: Map<string, QueuedAlarm> | null = null;
  for (const [id, alarm] of queue) {
    if (!isUncleared(alarm, condition)) continue;
    next ??= new Map(queue);
    next.set(id, { ...alarm, clearedAt: at });
  }
  return next ?? queue;
}
