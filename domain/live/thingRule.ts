// A whole asset arrives: from a REST page or a `thing` message after an edit (live §4). It is upserted: what the
// server knows replaces the record, while what only the live picture knows (the run, the station, when it was
// last heard from) carries over. An asset an admin marked inactive is removed.
import { statusFromServerName } from '#domain/status/assetStatus';
import { copyThing, type Thing } from '#domain/things/thing';
import { judgeStatusFromRecord } from '#domain/things/thingStatus';
import { placeInStation } from './assetRules.ts';
import type { PictureDraft } from './pictureDraft.ts';

export function upsertThing(draft: PictureDraft, incoming: Thing, now: number): void {
  if (!incoming.isActive) {
    draft.removeThing(incoming.id);
    return;
  }
  const settings = draft.settings;
  const previous = draft.readThing(incoming.id);
  const next = copyThing(incoming);
  // The stored record moves its position in place (assetRules.ts): it must not share the incoming one.
  if (next.position) next.position = { lat: next.position.lat, lng: next.position.lng };
  if (previous) {
    next.runId = previous.runId;
    next.runStartTime = previous.runStartTime;
    next.runPointsCount = previous.runPointsCount;
    next.isLatestPointActive = previous.isLatestPointActive;
    if (previous.locationId === next.locationId) {
      // What the picture learnt from the incident wins; the record's own arrival fills in when it learnt nothing
      // (an incident of another organization than the viewed one).
      next.incidentStartTime = previous.incidentStartTime ?? next.incidentStartTime;
      next.incidentEndTime = previous.incidentEndTime;
    }
    if (previous.lastCheckInTime !== null && (next.lastCheckInTime ?? -Infinity) < previous.lastCheckInTime) {
      next.lastCheckInTime = previous.lastCheckInTime;
    }
    if (previous.position && next.position && samePosition(previous, next))
      next.stillSince = previous.stillSince;
  }
  if (next.isOnIncident && next.incidentStartTime === null && next.locationId !== null) {
    // The location may have loaded before the asset: its entry knows when the asset arrived.
    const location = draft.readLocations().get(next.locationId);
    const entry = location?.thingsActive.find((member) => member.id === next.id);
    next.incidentStartTime = entry?.startTime ?? location?.startTime ?? null;
  }
  next.alertingOffSince = next.isPubliclyReporting ? null : (previous?.alertingOffSince ?? now);

  judgeStatusFromRecord(next, statusFromServerName(next.serverStatus), now, settings);
  // A point or heartbeat may have restarted the countdown after the server took its snapshot.
  if (previous?.staleAt != null && (next.staleAt === null || previous.staleAt > next.staleAt)) {
    next.staleAt = previous.staleAt;
    next.isStale = now >= next.staleAt;
  }
  next.stationId = previous?.stationId ?? null;
  placeInStation(next, draft.stations, true);
  draft.finishAsset(next, now);
  draft.putThing(next);
}

function samePosition(a: Thing, b: Thing): boolean {
  return a.lat === b.lat && a.lng === b.lng;
}
