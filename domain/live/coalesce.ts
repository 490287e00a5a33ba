// Messages are applied once per second as a batch (live §4, §9). Within a batch a later message about the same
// entity supersedes an earlier one when it carries the whole truth: a `thing` (the whole asset), a `location`,
// a `closure`, and a `heartbeat` (the device's full current reading). Points are never dropped: each one is a
// sample that extends the run. Everything else keeps its arrival order, and a superseding message keeps its own
// place, so nothing is applied earlier than it arrived.
import { assertNever } from '#domain/checks/assertNever';
import type { LiveMessageEvent } from './liveEvents.ts';

export function coalesceMessages(messages: readonly LiveMessageEvent[]): LiveMessageEvent[] {
  const seenThings = new Set<string>();
  const seenHeartbeats = new Set<string>();
  const seenLocations = new Set<string>();
  const seenClosures = new Set<string>();
  const kept: LiveMessageEvent[] = [];
  let superseded = 0;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message === undefined) continue;
    const seen = supersedingSet(message);
    if (seen !== null) {
      const key = supersedingKey(message);
      if (seen.has(key)) {
        superseded += 1;
        continue;
      }
      seen.add(key);
    }
    kept.push(message);
  }
  if (superseded === 0) return messages.slice();
  return kept.reverse();

  function supersedingSet(message: LiveMessageEvent): Set<string> | null {
    switch (message.type) {
      case 'ThingReceived':
        return seenThings;
      case 'HeartbeatReceived':
        return seenHeartbeats;
      case 'LocationReceived':
        return seenLocations;
      case 'ClosureReceived':
        return seenClosures;
      case 'PointReceived':
      case 'ClosureRemoved':
      case 'AreaReceived':
      case 'AreaRemoved':
      case 'ZoneReceived':
      case 'ZoneRemoved':
      case 'MessageRejected':
        return null;
      default:
        return assertNever(message);
    }
  }
}

function supersedingKey(message: LiveMessageEvent): string {
  switch (message.type) {
    case 'ThingReceived':
      return message.thing.id;
    case 'HeartbeatReceived':
      return message.heartbeat.thingId;
    case 'LocationReceived':
      return message.location.id;
    case 'ClosureReceived':
      return message.closure.id;
    case 'PointReceived':
    case 'ClosureRemoved':
    case 'AreaReceived':
    case 'AreaRemoved':
    case 'ZoneReceived':
    case 'ZoneRemoved':
    case 'MessageRejected':
      return '';
    default:
      return assertNever(message);
  }
}
