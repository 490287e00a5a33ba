// A closure arrives from a load, a `closure` message or the user's own save (live §4): it is upserted, and an
// active closure makes its asset active with that closure; an inactive or deleted one releases the asset.
import { closureStatus, type Closure } from '#domain/closures/closure';
import { placeInStation, rederiveStatus } from './assetRules.ts';
import type { PictureDraft } from './pictureDraft.ts';

export function upsertClosure(draft: PictureDraft, incoming: Closure, now: number): void {
  const previous = draft.readClosure(incoming.id);
  const closure: Closure = {
    ...incoming,
    isWzdxOrg: draft.base.organization?.isWzdxOrg ?? incoming.isWzdxOrg,
  };
  const asset = closure.thingId ? draft.readThing(closure.thingId) : undefined;
  // The asset's own heartbeat may be newer than the one the closure record carries.
  if (asset?.heartbeatTime != null && (closure.heartbeatTime ?? -Infinity) < asset.heartbeatTime) {
    closure.heartbeatTime = asset.heartbeatTime;
  }
  closure.status = closureStatus(closure, now, draft.settings);
  draft.putClosure(closure);
  if (previous?.thingId && previous.thingId !== closure.thingId)
    detachFromAsset(draft, previous.thingId, closure.id, now);
  if (closure.thingId) {
    if (closure.isActive) attachToAsset(draft, closure, now);
    else detachFromAsset(draft, closure.thingId, closure.id, now);
  }
}

export function deleteClosure(draft: PictureDraft, closureId: string, now: number): void {
  const removed = draft.removeClosure(closureId);
  if (removed?.thingId) detachFromAsset(draft, removed.thingId, closureId, now);
}

function attachToAsset(draft: PictureDraft, closure: Closure, now: number): void {
  const current = closure.thingId ? draft.readThing(closure.thingId) : undefined;
  if (current === undefined) return;
  const known = current.activeClosures.find((ref) => ref.id === closure.id);
  if (known && known.wzdxId === (closure.wzdxId || null) && current.statusSource === 'derived') return;
  const thing = draft.editThing(current.id);
  if (thing === undefined) return;
  thing.activeClosures = [
    ...thing.activeClosures.filter((ref) => ref.id !== closure.id),
    { id: closure.id, wzdxId: closure.wzdxId || null },
  ];
  rederiveStatus(thing, now, draft.settings);
  placeInStation(thing, draft.stations, false);
  draft.finishAsset(thing, now);
}

function detachFromAsset(draft: PictureDraft, thingId: string, closureId: string, now: number): void {
  const current = draft.readThing(thingId);
  if (current === undefined || !current.activeClosures.some((ref) => ref.id === closureId)) return;
  const thing = draft.editThing(thingId);
  if (thing === undefined) return;
  thing.activeClosures = thing.activeClosures.filter((ref) => ref.id !== closureId);
  rederiveStatus(thing, now, draft.settings);
  placeInStation(thing, draft.stations, true);
  draft.finishAsset(thing, now);
}
