// Incidents (the wire's locations): two going on with responders on scene, two that ended earlier. Each stands on
// a street, a kilometre or two from the unit that leads it; the lead and the two nearest other units are dispatched
// when it starts and drive there along the streets, and each arrives when its drive comes within the scene's radius
// (domain/locations/onScene.ts), so Arrived and Time-to-Scene are that drive. Units still on scene report from it
// (a heartbeat at the scene's street position, the street the replay keeps them on: replay/replayEngine.ts), so the
// map, the popups and every organization's detail show them there.
import type { LocationRecord, LocationThingRecord } from '#domain/locations/locationRecord';
import { arrivalOf } from '#domain/locations/onScene';
import { distanceMetres, type LngLat } from '../streets/geometry.ts';
import { driveAlong, routeLine } from '../streets/streetDrive.ts';
import type { EdgeIndex } from '../streets/edgeIndex.ts';
import { pointAlongEdge, type StreetNetwork } from '../streets/streetNetwork.ts';
import { HOUR, iso, MINUTE, round7, type LiveSeedContext, type SeedThing } from './liveSeedWorld.ts';

/** How far from its lead an incident is, and how close the nearest units may already be (m). */
const SCENE_DISTANCE_METRES: readonly [number, number] = [800, 2_500];
const NOT_ALREADY_THERE_METRES = 400;
/** A responder's average speed through the city with lights on (m/s, 27 mph). */
const RESPONSE_SPEED = 12;
/** How long the unit that cleared early stayed on scene. */
const CLEARED_AFTER = 15 * MINUTE;

export type Scene = { lat: number; lng: number; street: string };

/**
 * A scene at an intersection: 30 m into the first street meeting there long enough to stand on (over 60 m), named
 * by the street the index finds there (the one the replay stands units on scene at). The live dispatcher places
 * its incidents the same way (replay/liveDispatcher.ts). Null when no street there is long enough.
 */
export function sceneAtNode(network: StreetNetwork, streetIndex: EdgeIndex, node: number): Scene | null {
  const edge = (network.edgesAtNode[node] ?? [])
    .map((edgeId) => network.edges[edgeId])
    .find((candidate) => candidate !== undefined && candidate.length > 60);
  if (!edge) return null;
  const { point } = pointAlongEdge(edge, edge.from === node ? 30 : edge.length - 30);
  const position = streetIndex.nearest(point);
  const street = position ? (network.edges[position.edgeId]?.name ?? edge.name) : edge.name;
  return { lat: round7(point[1]), lng: round7(point[0]), street };
}

/** A point on a street 30 m from an intersection 0.8 to 2.5 km from `near`, and the street the index names there. */
function sceneNear(context: LiveSeedContext, near: SeedThing): Scene | null {
  const { network, faker, streetIndex } = context;
  const from: LngLat = [near.lng, near.lat];
  const candidates = network.nodes
    .map((point, node) => ({ node, distance: distanceMetres(point, from) }))
    .filter(({ distance }) => distance >= SCENE_DISTANCE_METRES[0] && distance <= SCENE_DISTANCE_METRES[1]);
  // The first intersection drawn with a street long enough to stand 30 m into (a few tries at most).
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const chosen = candidates[faker.number.int({ min: 0, max: Math.max(0, candidates.length - 1) })];
    if (!chosen) return null;
    const scene = sceneAtNode(network, streetIndex, chosen.node);
    if (scene) return scene;
  }
  return null;
}

export function seedIncidents(context: LiveSeedContext): void {
  const { faker, now, responders, responderThings, add, network } = context;
  const dispatched = new Set<string>();
  const entryOf = (
    thing: SeedThing,
    startedAt: number,
    endedAt: number | null,
    cutOff: number,
  ): LocationThingRecord => ({
    id: thing.id,
    external_id: thing.external_id,
    system_identifier: thing.system_identifier,
    nickname: thing.nickname,
    vin_number: thing.vin_number,
    license_plate_number: thing.license_plate_number,
    registry_number: thing.registry_number,
    runtime: Math.round(((endedAt ?? cutOff) - startedAt) / 1000),
    start_time: iso(startedAt),
    end_time: endedAt === null ? null : iso(endedAt),
  });
  for (let index = 0; index < 4; index += 1) {
    const isActive = index < 2;
    const lead = responderThings[(3 + index * 5) % Math.max(1, responderThings.length)];
    if (!lead) continue;
    const scene = sceneNear(context, lead);
    if (!scene) continue;
    const sceneLngLat: LngLat = [scene.lng, scene.lat];
    const awayFromScene = (thing: SeedThing) => distanceMetres([thing.lng, thing.lat], sceneLngLat);
    const nearest = responderThings
      .filter(
        (thing) =>
          thing.id !== lead.id &&
          !dispatched.has(thing.id) &&
          thing.sim_behaviour !== 'silent' &&
          awayFromScene(thing) > NOT_ALREADY_THERE_METRES,
      )
      .sort((a, b) => awayFromScene(a) - awayFromScene(b) || a.id.localeCompare(b.id))
      .slice(0, 2);
    const crew = [lead, ...nearest];
    for (const thing of crew) dispatched.add(thing.id);

    const startedAt = now - (isActive ? (index + 1) * 40 * MINUTE : (index + 2) * 5 * HOUR);
    const endedAt = isActive ? null : startedAt + 90 * MINUTE;
    const arrivals = crew.map((thing) => {
      const drive = driveAlong(
        routeLine(network, [thing.lng, thing.lat], sceneLngLat),
        startedAt,
        RESPONSE_SPEED,
      );
      return arrivalOf({ ...scene, startedAt }, drive)?.arrivedAt ?? startedAt;
    });
    // The first two stay while the incident lasts; the third clears early on an active one.
    const active = isActive ? crew.slice(0, 2) : [];
    const entries = crew.map((thing, position) => {
      const arrivedAt = arrivals[position] ?? startedAt;
      const leftAt = isActive ? (position < 2 ? null : arrivedAt + CLEARED_AFTER) : endedAt;
      return entryOf(thing, arrivedAt, leftAt, now);
    });
    const record: LocationRecord = {
      id: faker.string.uuid(),
      organization_id: responders.id,
      external_id: `INC-${faker.string.numeric(6)}`,
      is_active: isActive,
      lat: scene.lat,
      lng: scene.lng,
      street: scene.street,
      roadway_heading: faker.number.int({ min: 0, max: 359 }),
      things_active: entries.filter((entry) => entry.end_time === null),
      things_inactive: entries.filter((entry) => entry.end_time !== null),
      start_time: iso(startedAt),
      end_time: endedAt === null ? null : iso(endedAt),
      alt: null,
      alert_message: isActive ? 'Emergency vehicles ahead' : null,
      features: [],
    };
    add({ type: 'LocationSaved', data: record }, record.id, record.organization_id);
    for (const thing of active) {
      add(
        {
          type: 'HeartbeatRecorded',
          data: {
            time: iso(now - 1_000),
            lat: scene.lat,
            lng: scene.lng,
            speed: 0,
            course: 0,
            accuracy: 5,
            enroute: false,
            street: scene.street,
          },
        },
        thing.id,
        thing.organization_id,
      );
    }
  }
}
