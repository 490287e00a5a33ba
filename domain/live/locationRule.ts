// A location (an incident's record; docs/glossary.md) arrives from a load or a `location` message (live §4): it is
// stored, its active assets go on the incident (status location, out of their station), and those it lists as
// inactive leave it.
import type { Location, LocationThing } from '#domain/locations/location';
import { placeInStation, rederiveStatus } from './assetRules.ts';
import type { PictureDraft } from './pictureDraft.ts';

export function applyLocation(draft: PictureDraft, location: Location, now: number): void {
  draft.putLocation(location);
  if (location.isActive) {
    for (const entry of location.thingsActive) joinIncident(draft, location, entry, now);
  } else {
    for (const entry of location.thingsActive) leaveIncident(draft, location, entry, now);
  }
  for (const entry of location.thingsInactive) leaveIncident(draft, location, entry, now);
}

function joinIncident(draft: PictureDraft, location: Location, entry: LocationThing, now: number): void {
  const current = draft.readThing(entry.id);
  if (current === undefined) return;
  const startTime = entry.startTime ?? location.startTime ?? now;
  if (current.isOnIncident && current.locationId === location.id && current.incidentStartTime === startTime)
    return;
  const thing = draft.editThing(entry.id);
  if (thing === undefined) return;
  thing.isOnIncident = true;
  thing.locationId = location.id;
  thing.incidentStartTime = startTime;
  thing.incidentEndTime = null;
  rederiveStatus(thing, now, draft.settings);
  placeInStation(thing, draft.stations, false);
  draft.finishAsset(thing, now);
}

/** Only an asset still on this very location leaves; one that moved on to another incident is left alone. */
function leaveIncident(draft: PictureDraft, location: Location, entry: LocationThing, now: number): void {
  const current = draft.readThing(entry.id);
  if (current === undefined || current.locationId !== location.id) return;
  const thing = draft.editThing(entry.id);
  if (thing === undefined) return;
  thing.isOnIncident = false;
  thing.locationId = null;
  thing.incidentEndTime = entry.endTime ?? location.endTime ?? now;
  rederiveStatus(thing, now, draft.settings);
  placeInStation(thing, draft.stations, true);
  draft.finishAsset(thing, now);
}
