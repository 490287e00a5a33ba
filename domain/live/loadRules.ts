// REST loads (live §4 "Asset loading", "Locations", "Closure status"; §7): the first load of each resource is
// full, later ones are incremental and upsert. Records that failed their structural check were dropped by the
// decoder; here they are only counted.
import { isAtMostActive } from '#domain/status/assetStatus';
import type {
  AreasLoaded,
  ClosuresLoaded,
  LocationsLoaded,
  ThingsFullLoadCompleted,
  ThingsPageLoaded,
  ZonesLoaded,
} from './liveEvents.ts';
import { deleteClosure, upsertClosure } from './closureRule.ts';
import { applyLocation } from './locationRule.ts';
import type { PictureDraft } from './pictureDraft.ts';
import { upsertThing } from './thingRule.ts';

export function applyThingsPage(draft: PictureDraft, event: ThingsPageLoaded): void {
  for (const thing of event.things) upsertThing(draft, thing, event.now);
  draft.countDropped('things', event.dropped);
  draft.markLoaded('things');
}

export function completeThingsFullLoad(draft: PictureDraft, event: ThingsFullLoadCompleted): void {
  const gone: string[] = [];
  for (const id of draft.readThings().keys()) if (!event.keptIds.has(id)) gone.push(id);
  for (const id of gone) draft.removeThing(id);
}

export function applyLocationsLoad(draft: PictureDraft, event: LocationsLoaded): void {
  if (event.replace) {
    const returned = new Set(event.locations.map((location) => location.id));
    for (const id of [...draft.readLocations().keys()]) if (!returned.has(id)) draft.removeLocation(id);
  }
  for (const location of event.locations) applyLocation(draft, location, event.now);
  draft.countDropped('locations', event.dropped);
  draft.markLoaded('locations');
}

export function applyClosuresLoad(draft: PictureDraft, event: ClosuresLoaded): void {
  if (event.replace) {
    const returned = new Set(event.closures.map((closure) => closure.id));
    for (const id of [...draft.readClosures().keys()])
      if (!returned.has(id)) deleteClosure(draft, id, event.now);
  }
  for (const closure of event.closures) upsertClosure(draft, closure, event.now);
  draft.countDropped('closures', event.dropped);
  draft.markLoaded('closures');
}

/** New areas mean new stations: every parked asset is looked up again. */
export function applyAreasLoad(draft: PictureDraft, event: AreasLoaded): void {
  draft.replaceAreas(event.areas);
  placeInStationsAgain(draft);
  draft.countDropped('areas', event.dropped);
  draft.markLoaded('areas');
}

/** After the areas changed: every asset not on an incident or a closure is looked up in the stations again. */
export function placeInStationsAgain(draft: PictureDraft): void {
  const stations = draft.stations;
  for (const current of draft.readThings().values()) {
    if (isAtMostActive(current.status)) continue;
    const stationId =
      current.lat !== null && current.lng !== null ? stations.stationAt(current.lat, current.lng) : null;
    if (stationId === current.stationId) continue;
    const thing = draft.editThing(current.id);
    if (thing) thing.stationId = stationId;
  }
}

export function applyZonesLoad(draft: PictureDraft, event: ZonesLoaded): void {
  draft.replaceZones(event.zones);
  draft.countDropped('zones', event.dropped);
  draft.markLoaded('zones');
}
