// The clock ticks once per batch (live §4, §9): staleness countdowns run out, status windows pass, alerting
// switched off for an hour comes back on, and inactive automated closures age with their asset's check-in.
// Only assets whose review time has come are touched, so a quiet fleet costs one comparison per asset.
import { closureStatus } from '#domain/closures/closure';
import { deriveAssetStatus, isAtMostActive } from '#domain/status/assetStatus';
import type { Thing } from '#domain/things/thing';
import { ALERTING_OFF_RESET_MS, isDemotedByTime } from '#domain/things/thingStatus';
import { placeInStation } from './assetRules.ts';
import type { PictureDraft } from './pictureDraft.ts';

export function applyClockTick(draft: PictureDraft, now: number): void {
  if (now >= draft.earliestReview) reviewDueAssets(draft, now);
  const settings = draft.settings;
  for (const closure of draft.readClosures().values()) {
    if (closure.closureType !== 'automated' || closure.isActive || !closure.inService) continue;
    const status = closureStatus(closure, now, settings);
    if (status === closure.status) continue;
    const editable = draft.editClosure(closure.id);
    if (editable) editable.status = status;
  }
}

function reviewDueAssets(draft: PictureDraft, now: number): void {
  const due: string[] = [];
  for (const thing of draft.readThings().values()) if (thing.reviewAt <= now) due.push(thing.id);
  for (const id of due) {
    const current = draft.readThing(id);
    if (current === undefined) continue;
    const thing = draft.editThing(id);
    if (thing === undefined) continue;
    // An asset whose moment came without a visible change only gets its next moment.
    if (wouldChange(current, now, draft)) review(thing, now, draft);
    else draft.finishAsset(thing, now);
  }
  let earliest = Infinity;
  for (const thing of draft.readThings().values()) if (thing.reviewAt < earliest) earliest = thing.reviewAt;
  draft.earliestReview = earliest;
}

function nextStatus(thing: Thing, now: number, draft: PictureDraft): Pick<Thing, 'status' | 'statusSource'> {
  const derived = deriveAssetStatus(thing, now, draft.settings);
  if (thing.statusSource === 'derived') return { status: derived, statusSource: 'derived' };
  // The server's status stands until time alone says the asset has gone quiet.
  return isDemotedByTime(thing.status, derived)
    ? { status: derived, statusSource: 'derived' }
    : { status: thing.status, statusSource: thing.statusSource };
}

function wouldChange(thing: Thing, now: number, draft: PictureDraft): boolean {
  if (!thing.isStale && thing.staleAt !== null && now >= thing.staleAt) return true;
  if (thing.alertingOffSince !== null && now >= thing.alertingOffSince + ALERTING_OFF_RESET_MS) return true;
  return nextStatus(thing, now, draft).status !== thing.status;
}

function review(thing: Thing, now: number, draft: PictureDraft): void {
  if (!thing.isStale && thing.staleAt !== null && now >= thing.staleAt) thing.isStale = true;
  if (thing.alertingOffSince !== null && now >= thing.alertingOffSince + ALERTING_OFF_RESET_MS) {
    thing.isPubliclyReporting = true;
    thing.alertingOffSince = null;
  }
  const wasAtMostActive = isAtMostActive(thing.status);
  const next = nextStatus(thing, now, draft);
  thing.status = next.status;
  thing.statusSource = next.statusSource;
  placeInStation(thing, draft.stations, wasAtMostActive);
  draft.finishAsset(thing, now);
}
