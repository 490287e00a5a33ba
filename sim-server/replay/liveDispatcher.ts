// The live dispatcher (issue 37 item 1; docs/simulator.md "The live dispatcher"): while the replay runs, incidents
// start for each organization that runs responders at a few an hour, the nearest free units are dispatched and
// drive there along the streets (the replay engine's `dispatch`), each arrives when its drive ends inside the
// scene's radius (domain/locations/onScene.ts `arrivalOf`: Arrived and Time-to-Scene are the drive), stands on
// scene, clears after a while and drives on; the incident ends when its last unit cleared. Every change is the
// whole location record handed to `save`, which the plugin appends as the `LocationSaved` the incident feed
// (`POST /api/sim/locations`) appends, so every screen reads it from the log. It reads no clock and no
// Math.random: time comes from `advanceTo`, randomness from the injected source, so a seed and a sequence of clock
// readings give the same incidents.
// A user's edit stands (issue 37): before each write the dispatcher reads the incident as stored and changes only
// what is its own (the units on and off scene, whether it is active and when it ended), so a user's move is never
// put back. When it hears of a move (`noticeSaved`), its units drive on to the new place and arrive there; an
// incident ended by someone else releases its units.
import type { LocationRecord } from '#domain/locations/locationRecord';
import { arrivalOf } from '#domain/locations/onScene';
import { distanceMetres } from '#domain/units/distance';
import type { TelemetrySample } from '../ingestion/telemetrySample.ts';
import { randomBetween, randomInteger, type RandomSource } from '../kernel/random.ts';
import type { Scene } from '../seed/seedIncidents.ts';
import { LIVE_DROPOUTS, type DropoutSettings } from './deviceDropouts.ts';
import { MAX_CATCH_UP_MS, type ReplayEngine } from './replayEngine.ts';
import {
  endedElsewhere,
  endIfEmpty,
  iso,
  leave,
  moveTo,
  saveIncident,
  type DispatchUnit,
  type Incident,
  type IncidentBook,
} from './dispatchedIncidents.ts';

/** The rates a dispatcher can work (issue 37: a few incidents an hour per organization). */
export const LIVE_DISPATCH = {
  /** New incidents per organization and hour, on average (the gaps between them drawn at random). */
  incidentsPerHour: 3,
  /** Units sent to one incident: the nearest free ones. */
  crew: [1, 3] as const,
  /** How long a unit stays on scene before it clears (minutes). */
  onSceneMinutes: [8, 30] as const,
  /** Devices dropping out now and then beside the dispatcher (deviceDropouts.ts); false: none. */
  dropouts: LIVE_DROPOUTS as DropoutSettings | false,
};
export type LiveDispatchSettings = {
  incidentsPerHour: number;
  crew: readonly [number, number];
  onSceneMinutes: readonly [number, number];
  dropouts: DropoutSettings | false;
};

export type { DispatchUnit };

export type LiveDispatcherOptions = {
  units: readonly DispatchUnit[];
  engine: Pick<ReplayEngine, 'dispatch' | 'redirect' | 'release' | 'unitOf'>;
  random: RandomSource;
  /** Unix ms; the first incidents are drawn from here. */
  startAt: number;
  /** A scene on the streets (a point on a street and the street's name), drawn with the dispatcher's randomness. */
  pickScene(random: RandomSource): Scene | null;
  save(location: LocationRecord): void;
  /** The incident as stored now (a user may have moved it since the dispatcher's last write); null if unknown. */
  stored(locationId: string): LocationRecord | null;
  settings?: Partial<LiveDispatchSettings>;
  /** Devices another driver (a scenario) has taken over: never dispatched. */
  isHeld?(deviceId: string): boolean;
};

export type LiveDispatcher = {
  /** After the replay stepped to `now`: notes its samples and arrivals, then starts, clears and ends what is due. */
  advanceTo(now: number, samples: readonly TelemetrySample[], arrivals: readonly ArrivalNotice[]): void;
  /** A committed save of a location (anyone's): a move of one of its incidents sends its units there. */
  noticeSaved(location: LocationRecord): void;
  /** The incidents going on now (for tests and the start-up summary). */
  readonly activeIncidents: number;
};

export type ArrivalNotice = { deviceId: string; at: number };

const STEP_MS = 1_000;
const MINUTE = 60_000;

/** A version-4-shaped id from the dispatcher's randomness, so a seed gives the same ids. */
function idFrom(random: RandomSource): string {
  const hex = Array.from({ length: 32 }, () => randomInteger(random, 0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

export function createLiveDispatcher(options: LiveDispatcherOptions): LiveDispatcher {
  const settings: LiveDispatchSettings = { ...LIVE_DISPATCH, ...options.settings };
  const { random, engine } = options;
  const organizations = [...new Set(options.units.map((unit) => unit.organization_id))].sort();
  const unitsOf = new Map(
    organizations.map((id) => [id, options.units.filter((unit) => unit.organization_id === id)]),
  );
  const meanGapMs = (60 * MINUTE) / settings.incidentsPerHour;
  /** Exponential gaps: incidents come at random, `incidentsPerHour` on average. */
  const gap = () => Math.max(STEP_MS, Math.round(-Math.log(1 - random.next()) * meanGapMs));
  const nextIncidentAt = new Map(organizations.map((id) => [id, options.startAt + gap()]));
  const incidents: Incident[] = [];
  const incidentOf = new Map<string, Incident>();
  const book: IncidentBook = { incidents, incidentOf, engine, stored: options.stored, save: options.save };
  const save = (incident: Incident, now: number) => saveIncident(book, incident, now);
  /** Incidents a user moved since the last step: their units' new state is written on the next one. */
  const moved = new Set<Incident>();
  let steppedUntil = Math.floor(options.startAt / STEP_MS) * STEP_MS;

  function start(organizationId: string, now: number) {
    const scene = options.pickScene(random);
    if (!scene) return;
    const free = (unitsOf.get(organizationId) ?? [])
      .filter((unit) => !incidentOf.has(unit.system_identifier) && !options.isHeld?.(unit.system_identifier))
      .map((unit) => ({ unit, at: engine.unitOf(unit.system_identifier) }))
      .filter((candidate) => candidate.at?.free === true)
      .map(({ unit, at }) => ({ unit, away: at ? distanceMetres(at.lat, at.lng, scene.lat, scene.lng) : 0 }))
      .sort((a, b) => a.away - b.away || a.unit.id.localeCompare(b.unit.id));
    const crew = free.slice(0, randomInteger(random, settings.crew[0], settings.crew[1]));
    const incident: Incident = {
      record: {
        id: idFrom(random),
        organization_id: organizationId,
        external_id: `INC-${String(randomInteger(random, 0, 999_999)).padStart(6, '0')}`,
        is_active: true,
        lat: scene.lat,
        lng: scene.lng,
        street: scene.street,
        roadway_heading: randomInteger(random, 0, 359),
        things_active: [],
        things_inactive: [],
        start_time: iso(now),
        end_time: null,
        alt: null,
        alert_message: 'Emergency vehicles ahead',
        features: [],
      },
      scene: { lat: scene.lat, lng: scene.lng },
      startedAt: now,
      enRoute: new Map(),
      onScene: new Map(),
    };
    for (const { unit } of crew) {
      if (!engine.dispatch(unit.system_identifier, scene)) continue;
      incident.enRoute.set(unit.system_identifier, { unit, drive: [] });
      incidentOf.set(unit.system_identifier, incident);
    }
    // No unit free to send: no incident (a dispatcher would not open one nobody can answer).
    if (incident.enRoute.size === 0) return;
    incidents.push(incident);
    save(incident, now);
  }

  function arrived({ deviceId, at }: ArrivalNotice) {
    const incident = incidentOf.get(deviceId);
    const going = incident?.enRoute.get(deviceId);
    if (!incident || !going) return;
    incident.enRoute.delete(deviceId);
    const scene = { ...incident.scene, startedAt: incident.startedAt };
    const arrivedAt = arrivalOf(scene, going.drive)?.arrivedAt ?? at;
    const stays = randomBetween(random, settings.onSceneMinutes[0], settings.onSceneMinutes[1]) * MINUTE;
    incident.onScene.set(deviceId, { unit: going.unit, arrivedAt, clearsAt: at + Math.round(stays) });
    save(incident, at);
  }

  /** Units due to clear leave the scene; an incident whose last unit cleared ends. */
  function clearDue(incident: Incident, now: number) {
    const leaving = [...incident.onScene].filter(([, stay]) => stay.clearsAt <= now);
    if (leaving.length === 0) return;
    for (const [deviceId, { unit, arrivedAt }] of leaving) {
      incident.onScene.delete(deviceId);
      leave(book, incident, deviceId, unit, arrivedAt, now);
    }
    endIfEmpty(book, incident, now);
    save(incident, now);
  }

  return {
    advanceTo(now, samples, arrivals) {
      for (const sample of samples) {
        const going = incidentOf.get(sample.device_id)?.enRoute.get(sample.device_id);
        going?.drive.push({ at: Date.parse(sample.time), lat: sample.lat, lng: sample.lng });
      }
      for (const incident of moved) save(incident, now);
      moved.clear();
      for (const arrival of arrivals) arrived(arrival);
      // After a long pause the replay skipped ahead (MAX_CATCH_UP_MS); so does the dispatcher.
      if (now - steppedUntil > MAX_CATCH_UP_MS) steppedUntil = Math.floor(now / STEP_MS) * STEP_MS - STEP_MS;
      while (steppedUntil + STEP_MS <= now) {
        steppedUntil += STEP_MS;
        for (const incident of [...incidents]) clearDue(incident, steppedUntil);
        for (const organizationId of organizations) {
          if (steppedUntil < (nextIncidentAt.get(organizationId) ?? Infinity)) continue;
          start(organizationId, steppedUntil);
          nextIncidentAt.set(organizationId, steppedUntil + gap());
        }
      }
    },
    noticeSaved(location) {
      const incident = incidents.find((candidate) => candidate.record.id === location.id);
      if (!incident) return;
      if (!location.is_active) return endedElsewhere(book, incident);
      // Written on the next step, not from inside the log's notice of a commit.
      if (moveTo(book, incident, location, steppedUntil)) moved.add(incident);
    },
    get activeIncidents() {
      return incidents.length;
    },
  };
}
