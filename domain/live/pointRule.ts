// A point: a position sample of an en-route device (live §4 "Live messages"). The hottest path of the picture:
// thousands per batch, so it touches only what it must and allocates only the new position.
import { isAtMostActive } from '#domain/status/assetStatus';
import {
  isAccurateEnough,
  markHeardFrom,
  movePosition,
  placeInStation,
  rederiveStatus,
  setMotion,
} from './assetRules.ts';
import type { PointReceived } from './liveEvents.ts';
import type { PictureDraft } from './pictureDraft.ts';

export function applyPoint(draft: PictureDraft, event: PointReceived): void {
  const { point, now } = event;
  const thing = draft.editThing(point.thingId);
  if (thing === undefined) {
    draft.countDropped('messages');
    return;
  }
  const settings = draft.settings;
  markHeardFrom(thing, now, settings);
  if (thing.lastCheckInTime === null || now > thing.lastCheckInTime) thing.lastCheckInTime = now;

  // A run restarts on an incident, when the device is not en route, on a new run id, or after a point that was
  // not active; otherwise the point extends it.
  if (thing.isOnIncident || !point.enroute || point.runId !== thing.runId || !thing.isLatestPointActive) {
    thing.runId = point.runId;
    thing.runStartTime = now;
    thing.runPointsCount = 1;
  } else {
    thing.runPointsCount += 1;
  }
  thing.isLatestPointActive = point.enroute;
  thing.enroute = point.enroute;

  // The accuracy bound depends on where the asset stood before this point.
  const moved = isAccurateEnough(thing, point.accuracy, settings)
    ? movePosition(thing, point.lat, point.lng, point.accuracy, now)
    : false;
  setMotion(thing, point.speed, point.course);
  if (point.street !== null) thing.street = point.street;

  const wasAtMostActive = isAtMostActive(thing.status);
  rederiveStatus(thing, now, settings);
  placeInStation(thing, draft.stations, moved || wasAtMostActive);
  draft.finishAsset(thing, now);
}
