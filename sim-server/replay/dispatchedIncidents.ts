// The live dispatcher's incidents and their units (liveDispatcher.ts; docs/simulator.md "The live dispatcher"):
// which unit is on which incident, on its way or on scene, and the writes. Every write goes over the incident as
// stored (a user may have moved it): only what is the dispatcher's own changes (the units on and off scene, whether
// it is active and when it ended), so a user's edit is never put back; a move sends the units on to the new place,
// an end by someone else frees them.
import type { LocationRecord, LocationThingRecord } from '#domain/locations/locationRecord';
import type { DriveReport } from '#domain/locations/onScene';
import type { ReplayEngine } from './replayEngine.ts';

/** A unit the dispatcher may send: its device, its organization and how an incident lists it. */
export type DispatchUnit = Omit<LocationThingRecord, 'runtime' | 'start_time' | 'end_time'> & {
  organization_id: string;
};

export type Incident = {
  record: LocationRecord;
  /** Where its units drive to and stand: the incident's place when they were last sent. */
  scene: { lat: number; lng: number };
  startedAt: number;
  /** Units on their way: their drive's reports since the dispatch. */
  enRoute: Map<string, { unit: DispatchUnit; drive: DriveReport[] }>;
  /** Units on scene: when they arrived and when they will clear. */
  onScene: Map<string, { unit: DispatchUnit; arrivedAt: number; clearsAt: number }>;
};

/** The incidents going on, which incident each unit is on, and the engine and log the writes go to. */
export type IncidentBook = {
  incidents: Incident[];
  incidentOf: Map<string, Incident>;
  engine: Pick<ReplayEngine, 'redirect' | 'release'>;
  stored(locationId: string): LocationRecord | null;
  save(location: LocationRecord): void;
};

export const iso = (ms: number) => new Date(ms).toISOString();

export function entryOf(
  unit: DispatchUnit,
  arrivedAt: number,
  endedAt: number | null,
  now: number,
): LocationThingRecord {
  const { organization_id: _organization, ...listed } = unit;
  return {
    ...listed,
    runtime: Math.round(((endedAt ?? now) - arrivedAt) / 1000),
    start_time: iso(arrivedAt),
    end_time: endedAt === null ? null : iso(endedAt),
  };
}

/** Writes the incident's units and state over the incident as stored: a user's edit to the rest stands. */
export function saveIncident(book: IncidentBook, incident: Incident, now: number) {
  const stored = book.stored(incident.record.id);
  if (stored && !stored.is_active && incident.record.is_active) return endedElsewhere(book, incident);
  if (stored) moveTo(book, incident, stored, now);
  const { things_inactive, is_active, end_time } = incident.record;
  const onScene = [...incident.onScene.values()].map(({ unit, arrivedAt }) =>
    entryOf(unit, arrivedAt, null, now),
  );
  incident.record = {
    ...(stored ?? incident.record),
    things_active: onScene,
    things_inactive,
    is_active,
    end_time,
  };
  book.save(incident.record);
}

/** Someone else ended the incident: its units are free again and the dispatcher forgets it. */
export function endedElsewhere(book: IncidentBook, incident: Incident) {
  for (const deviceId of [...incident.enRoute.keys(), ...incident.onScene.keys()]) {
    book.incidentOf.delete(deviceId);
    book.engine.release(deviceId);
  }
  incident.enRoute.clear();
  incident.onScene.clear();
  forget(book, incident);
}

/** The incident stands elsewhere now (a user moved it): every unit of it drives on there and arrives anew. */
export function moveTo(
  book: IncidentBook,
  incident: Incident,
  location: LocationRecord,
  now: number,
): boolean {
  if (location.lat === incident.scene.lat && location.lng === incident.scene.lng) return false;
  incident.scene = { lat: location.lat, lng: location.lng };
  for (const [deviceId, going] of incident.enRoute)
    if (book.engine.redirect(deviceId, incident.scene)) going.drive = [];
  for (const [deviceId, { unit, arrivedAt }] of [...incident.onScene]) {
    incident.onScene.delete(deviceId);
    if (book.engine.redirect(deviceId, incident.scene)) incident.enRoute.set(deviceId, { unit, drive: [] });
    else leave(book, incident, deviceId, unit, arrivedAt, now);
  }
  endIfEmpty(book, incident, now);
  return true;
}

/** The incident is over for the dispatcher: it no longer goes on. */
function forget(book: IncidentBook, incident: Incident) {
  const at = book.incidents.indexOf(incident);
  if (at >= 0) book.incidents.splice(at, 1);
}

/** An incident whose last unit left ends. */
export function endIfEmpty(book: IncidentBook, incident: Incident, now: number) {
  if (incident.onScene.size > 0 || incident.enRoute.size > 0 || !incident.record.is_active) return;
  incident.record = { ...incident.record, is_active: false, end_time: iso(now) };
  forget(book, incident);
}

/** A unit leaves the incident: it is free again and listed as having been there. */
export function leave(
  book: IncidentBook,
  incident: Incident,
  deviceId: string,
  unit: DispatchUnit,
  arrivedAt: number,
  now: number,
) {
  book.incidentOf.delete(deviceId);
  book.engine.release(deviceId);
  const left = entryOf(unit, arrivedAt, now, now);
  incident.record = { ...incident.record, things_inactive: [...incident.record.things_inactive, left] };
}
