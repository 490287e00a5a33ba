// evolve(picture, event) → picture: the one place where events meet the rules. Deterministic, with no clock or
// IO; but the picture passed in is consumed: its asset records become the next picture's, changed in place, and
// only the newest picture may be evolved again (thingTable.ts says why). A step that changes nothing keeps the
// version and reports no changes. evolveBatch applies a whole batch in one workspace, which is what makes 12,000
// messages a batch affordable (see pictureDraft.ts).
import { assertNever } from '#domain/checks/assertNever';
import { applyClockTick } from './clockRule.ts';
import { deleteClosure, upsertClosure } from './closureRule.ts';
import { applyHeartbeat } from './heartbeatRule.ts';
import type { LiveEvent } from './liveEvents.ts';
import { emptyPicture, unchangedStep, type LivePicture } from './livePicture.ts';
import {
  applyAreasLoad,
  applyClosuresLoad,
  applyLocationsLoad,
  applyThingsPage,
  applyZonesLoad,
  completeThingsFullLoad,
} from './loadRules.ts';
import { applyLocation } from './locationRule.ts';
import { removeArea, removeZone, upsertArea, upsertZone } from './overlayRule.ts';
import { PictureDraft } from './pictureDraft.ts';
import { applyPoint } from './pointRule.ts';
import { upsertThing } from './thingRule.ts';

export function evolve(picture: LivePicture, event: LiveEvent): LivePicture {
  return evolveBatch(picture, [event]);
}

export function evolveBatch(picture: LivePicture, events: readonly LiveEvent[]): LivePicture {
  let current = picture;
  let draft: PictureDraft | null = null;
  for (const event of events) {
    if (event.type === 'OrganizationSwitched') {
      // Everything starts over; what the batch did before the switch belonged to the previous organization.
      draft?.discard();
      draft = null;
      current = emptyPicture({
        now: event.now,
        settings: picture.settings,
        organization: event.organization,
        version: Math.max(current.version, picture.version) + 1,
      });
      continue;
    }
    draft ??= new PictureDraft(current);
    if (event.now > draft.now) draft.now = event.now;
    apply(draft, event);
  }
  if (draft) return draft.commit();
  return current === picture ? unchangedStep(picture) : current;
}

function apply(draft: PictureDraft, event: Exclude<LiveEvent, { type: 'OrganizationSwitched' }>): void {
  switch (event.type) {
    case 'PointReceived':
      return applyPoint(draft, event);
    case 'HeartbeatReceived':
      return applyHeartbeat(draft, event);
    case 'ThingReceived':
      return upsertThing(draft, event.thing, event.now);
    case 'LocationReceived':
      return applyLocation(draft, event.location, event.now);
    case 'ClosureReceived':
      return upsertClosure(draft, event.closure, event.now);
    case 'ClosureRemoved':
      return deleteClosure(draft, event.closureId, event.now);
    case 'AreaReceived':
      return upsertArea(draft, event.area);
    case 'AreaRemoved':
      return removeArea(draft, event.areaId);
    case 'ZoneReceived':
      return upsertZone(draft, event.zone);
    case 'ZoneRemoved':
      return removeZone(draft, event.zoneId);
    case 'MessageRejected':
      return draft.countDropped('messages');
    case 'ThingsPageLoaded':
      return applyThingsPage(draft, event);
    case 'ThingsFullLoadCompleted':
      return completeThingsFullLoad(draft, event);
    case 'LocationsLoaded':
      return applyLocationsLoad(draft, event);
    case 'ClosuresLoaded':
      return applyClosuresLoad(draft, event);
    case 'AreasLoaded':
      return applyAreasLoad(draft, event);
    case 'ZonesLoaded':
      return applyZonesLoad(draft, event);
    case 'LoadFailed':
      return draft.markFailed(event.resource, event.status);
    case 'EventSourceChanged':
      return draft.setEventSource(event.eventSource);
    case 'ClockTicked':
      return applyClockTick(draft, event.now);
    default:
      return assertNever(event);
  }
}
