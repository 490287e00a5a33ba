// A heartbeat: the periodic check-in of a device (live §4 "Live messages"). It refreshes motion, street,
// position and status; an inactive heartbeat ends the run; and the asset's closures learn it is connected.
import { isAtMostActive } from '#domain/status/assetStatus';
import {
  isAccurateEnough,
  markHeardFrom,
  movePosition,
  placeInStation,
  rederiveStatus,
  resetRun,
  setMotion,
} from './assetRules.ts';
import type { HeartbeatReceived } from './liveEvents.ts';
import type { PictureDraft } from './pictureDraft.ts';

export function applyHeartbeat(draft: PictureDraft, event: HeartbeatReceived): void {
  const { heartbeat, now } = event;
  const thing = draft.editThing(heartbeat.thingId);
  if (thing === undefined) {
    draft.countDropped('messages');
    return;
  }
  const settings = draft.settings;
  markHeardFrom(thing, now, settings);
  const heartbeatTime = heartbeat.heartbeatTime ?? now;
  if (thing.heartbeatTime === null || heartbeatTime > thing.heartbeatTime)
    thing.heartbeatTime = heartbeatTime;
  if (thing.lastCheckInTime === null || heartbeatTime > thing.lastCheckInTime) {
    thing.lastCheckInTime = heartbeatTime;
  }

  // Heartbeats pass the same accuracy bound as points, so jitter cannot pull a parked asset out of its station.
  let moved = false;
  if (
    heartbeat.lat !== null &&
    heartbeat.lng !== null &&
    isAccurateEnough(thing, heartbeat.accuracy, settings)
  ) {
    moved = movePosition(thing, heartbeat.lat, heartbeat.lng, heartbeat.accuracy, now);
  }
  setMotion(thing, heartbeat.speed, heartbeat.course);
  if (heartbeat.street !== null) thing.street = heartbeat.street;
  if (heartbeat.enroute !== null) thing.enroute = heartbeat.enroute;
  if (heartbeat.isActive === false) resetRun(thing);

  const wasAtMostActive = isAtMostActive(thing.status);
  rederiveStatus(thing, now, settings);
  placeInStation(thing, draft.stations, moved || wasAtMostActive);
  draft.finishAsset(thing, now);

  // The asset is connected, so its closures that are not alerting stand by (live §4).
  for (const closureId of draft.closureIdsOf(thing.id)) {
    const closure = draft.editClosure(closureId);
    if (closure === undefined) continue;
    closure.heartbeatTime = thing.heartbeatTime;
    if (closure.inService && !closure.isActive) closure.status = 'standby';
  }
}
