// Drives the replay engine once a second from the app's clock and feeds its samples to the ingestion function.
// Starts when the app is ready, stops when it closes. The scheduler is injected so tests tick it by hand.
// Given a recording, it plays that onto the world's devices instead of moving them along the streets itself.
// Units on an active incident stand at its scene (issue 37 item 1) until a saved location no longer has them on
// scene: then they drive again. Beside the street replay runs the live dispatcher (liveDispatcher.ts; off with
// `dispatch: false`): new incidents, units driving to them, arriving, clearing, each appended as the incident
// feed's `LocationSaved` after the tick's telemetry; every committed `LocationSaved` is handed to it, so a user's
// move of its incident sends the units there. Beside it, now and then a free unit's device drops out for a while
// and comes back (deviceDropouts.ts; `dispatch: { dropouts: false }` turns that off alone).
// On a cluster each node replays its `share` of the devices (replayShare.ts), and its dispatcher sends only the
// units it drives, at its share of the incident rate, with randomness of its own (docs/scale-out.md).
// A tick awaits its writes (the telemetry, then the dispatcher's saves); a tick that comes while the last one is
// still writing is skipped: the engine moves by the clock, so the next tick steps over the skipped second too
// (up to its catch-up limit). A closing app waits for the running tick before the database closes.
import type { FastifyInstance } from 'fastify';
import type { LocationRecord } from '#domain/locations/locationRecord';
import type { Recording } from './recording.ts';
import { createRecordingReplay } from './recordingReplay.ts';
import type { ReplayVehicle } from './replayEngine.ts';
import { createReplayEngine, type ReplayEngine } from './replayEngine.ts';
import type { DeviceType } from '#domain/things/thing';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import type { Scheduler } from '../kernel/clock.ts';
import { seededRandom } from '../kernel/random.ts';
import type { SimBehaviour } from '../store/events.ts';
import { edgeIndexOf, type EdgeIndex } from '../streets/edgeIndex.ts';
import { distanceMetres } from '../streets/geometry.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { decideLocationReport } from '../locations/locationDecider.ts';
import { createLocationRepository } from '../locations/locationRepository.ts';
import { sceneAtNode } from '../seed/seedIncidents.ts';
import { CHICAGO_CENTRE } from '../seed/worldPlan.ts';
import { recordAccepted } from '../kernel/recordDecided.ts';
import { createDeviceDropouts, type DeviceDropouts } from './deviceDropouts.ts';
import { inShare, seedOfShare, WHOLE_FLEET, type ReplayShare } from './replayShare.ts';
import {
  LIVE_DISPATCH,
  createLiveDispatcher,
  type DispatchUnit,
  type LiveDispatcher,
  type LiveDispatchSettings,
} from './liveDispatcher.ts';

declare module 'fastify' {
  interface FastifyInstance {
    replay: ReplayEngine;
    /** Devices another driver (a scenario) has taken over: the replay's samples for them are dropped. */
    replayHeldDevices: Set<string>;
    /** Devices dropping out now and then (deviceDropouts.ts), beside the dispatcher; null when off. */
    replayDropouts: DeviceDropouts | null;
  }
}

export type ReplayPluginOptions = {
  network: () => StreetNetwork;
  scheduler: Scheduler;
  seed: number;
  tickMs?: number;
  /** Play this recording onto every active device that is not silent (scaled to their number). */
  recording?: { recording: Recording; speed?: number; loop?: boolean };
  /** The live dispatcher (docs/simulator.md): on by default beside the street replay; false turns it off. */
  dispatch?: false | Partial<LiveDispatchSettings>;
  /** The devices this node replays (a cluster node's share; default the whole fleet). */
  share?: ReplayShare;
};

export const ROAM_RADIUS_METRES = 10_000;
/** Live incidents start within this distance of the centre, where most of the fleet roams. */
export const DISPATCH_RADIUS_METRES = 6_000;
/** The thing types the live dispatcher sends. */
export const RESPONDER_TYPES: readonly string[] = ['police', 'fire', 'ambulance'];

function streetReplay(
  network: StreetNetwork,
  index: EdgeIndex,
  vehicles: ReplayVehicle[],
  seed: number,
  startAt: number,
) {
  return createReplayEngine({
    network,
    index,
    vehicles,
    random: seededRandom(seed),
    startAt,
    roamCentre: [CHICAGO_CENTRE.lng, CHICAGO_CENTRE.lat],
    roamRadiusMetres: ROAM_RADIUS_METRES,
  });
}

/** The recording's playback when one is given, else the street replay over the network (and its index). */
function replayOf(
  options: ReplayPluginOptions,
  vehicles: readonly ReplayVehicle[],
  startAt: number,
): { replay: ReplayEngine; streets: { network: StreetNetwork; index: EdgeIndex } | null } {
  const { recording } = options;
  const share = options.share ?? WHOLE_FLEET;
  if (recording) {
    const replay = createRecordingReplay({
      recording: recording.recording,
      devices: vehicles
        .filter((vehicle) => vehicle.behaviour !== 'silent')
        .map((vehicle) => ({ deviceId: vehicle.deviceId, deviceType: vehicle.deviceType })),
      plays: (deviceId) => inShare(deviceId, share),
      startAt,
      ...(recording.speed === undefined ? {} : { speed: recording.speed }),
      ...(recording.loop === undefined ? {} : { loop: recording.loop }),
    });
    return { replay, streets: null };
  }
  const network = options.network();
  const index = edgeIndexOf(network);
  const driven = vehicles.filter((vehicle) => inShare(vehicle.deviceId, share));
  return {
    replay: streetReplay(network, index, driven, seedOfShare(options.seed, share), startAt),
    streets: { network, index },
  };
}

export const replayPlugin = sharedPlugin<ReplayPluginOptions>('replay', async (app, options) => {
  const allRows = app.eventLog.db
    .prepare<
      [],
      {
        system_identifier: string;
        device_type: DeviceType;
        thing_type: string;
        sim_behaviour: SimBehaviour;
        lat: number | null;
        lng: number | null;
        id: string;
        scene: string | null;
      } & Omit<DispatchUnit, 'id' | 'system_identifier'>
    >(
      // The scene of the active incident the thing joined last (things/thingLinkProjection.ts keeps the links).
      `SELECT t.system_identifier, t.device_type, t.thing_type, t.sim_behaviour, t.lat, t.lng, t.id,
         t.organization_id, t.external_id, t.nickname, t.vin_number, t.license_plate_number, t.registry_number,
         (SELECT location.data FROM thing_location_links link JOIN locations location ON location.id = link.location_id
          WHERE link.thing_id = t.id AND location.is_active = 1
          ORDER BY link.start_at DESC, link.location_id DESC LIMIT 1) AS scene
       FROM things_with_state t
       WHERE t.is_active = 1 AND t.lat IS NOT NULL AND t.lng IS NOT NULL ORDER BY t.id`,
    )
    .all();
  const share = options.share ?? WHOLE_FLEET;
  // The rows of the devices this node drives; a recording hands its tracks out over all of them (replayOf).
  const ownRows = allRows.filter((row) => inShare(row.system_identifier, share));
  const deviceOf = new Map(ownRows.map((row) => [row.id, row.system_identifier]));
  const onScene = new Map<string, string>();
  const vehicles = allRows.map((row): ReplayVehicle => {
    const scene = row.scene === null ? null : (JSON.parse(row.scene) as LocationRecord);
    if (scene && deviceOf.has(row.id)) onScene.set(row.id, scene.id);
    return {
      deviceId: row.system_identifier,
      deviceType: row.device_type,
      thingType: row.thing_type,
      behaviour: row.sim_behaviour,
      lat: row.lat ?? 0,
      lng: row.lng ?? 0,
      scene: scene ? { lat: scene.lat, lng: scene.lng } : null,
    };
  });
  const { replay, streets } = replayOf(options, vehicles, app.clock.now());
  app.decorate('replay', replay);
  const held = new Set<string>();
  app.decorate('replayHeldDevices', held);
  const live = streets && options.dispatch !== false ? { ...LIVE_DISPATCH, ...options.dispatch } : null;
  const dropoutSettings = live?.dropouts;
  const dropouts = dropoutSettings
    ? createDeviceDropouts({
        devices: vehicles
          .filter((vehicle) => vehicle.behaviour !== 'silent' && inShare(vehicle.deviceId, share))
          .map((vehicle) => vehicle.deviceId),
        // Its own stream again: the drives and the dispatcher's incidents stay as they were.
        random: seededRandom(seedOfShare(options.seed, share) * 53 + 29),
        startAt: app.clock.now(),
        settings: dropoutSettings,
        canDrop: (deviceId) => !held.has(deviceId) && replay.unitOf(deviceId)?.free === true,
      })
    : null;
  app.decorate('replayDropouts', dropouts);
  /** A device whose samples are not ingested now: taken over by a scenario, or dropped out. */
  const quiet = (deviceId: string) => held.has(deviceId) || dropouts?.isSilent(deviceId) === true;
  const dispatcher =
    streets && live
      ? liveDispatcher(app, {
          ...streets,
          replay,
          isHeld: quiet,
          rows: ownRows,
          seed: seedOfShare(options.seed, share),
          // The cluster's incidents are the nodes' together: each node starts its share of them.
          dispatch: { ...options.dispatch, incidentsPerHour: live.incidentsPerHour / share.count },
        })
      : null;

  // A unit leaves its scene when its incident is saved without it on scene (cleared, or the incident ended).
  // A move or an end of a dispatcher's incident by anyone else reaches the dispatcher (its units follow).
  const unsubscribe = app.eventLog.subscribe((events) => {
    for (const { event } of events) {
      if (event.type !== 'LocationSaved') continue;
      const location = event.data;
      dispatcher?.noticeSaved(location);
      if (onScene.size === 0) continue;
      const stillThere = new Set(location.is_active ? location.things_active.map((thing) => thing.id) : []);
      for (const [thingId, locationId] of onScene) {
        if (locationId !== location.id || stillThere.has(thingId)) continue;
        onScene.delete(thingId);
        const deviceId = deviceOf.get(thingId);
        if (deviceId !== undefined) replay.release(deviceId);
      }
    }
  });

  let stop: (() => void) | null = null;
  let ticking: Promise<void> | null = null;
  const runTick = async () => {
    const now = app.clock.now();
    const stepped = replay.advanceTo(now);
    dropouts?.advanceTo(now);
    const samples =
      held.size === 0 && !dropouts ? stepped : stepped.filter((sample) => !quiet(sample.device_id));
    try {
      if (samples.length > 0) await app.telemetry.ingest(samples);
      if (dispatcher) await dispatcher.advance(now, samples, replay.takeArrivals());
    } catch (error) {
      app.log.error({ err: error }, 'replay: ingesting a tick failed');
    }
  };
  /** Returns the running tick, this one or the one it skipped for. */
  const tick = (): Promise<void> => {
    ticking ??= runTick().finally(() => {
      ticking = null;
    });
    return ticking;
  };
  app.addHook('onReady', async () => {
    stop = options.scheduler.every(options.tickMs ?? 1_000, tick);
  });
  // Before the database closes, so no tick writes into a closed file.
  app.addHook('preClose', async () => {
    stop?.();
    stop = null;
    await ticking;
    unsubscribe();
  });
});

/** The live dispatcher over the street replay: the responders' units, scenes on the streets near the centre, and
 * each change appended as the incident feed appends it (decided by `decideLocationReport` on the incident as stored
 * when its write runs). `advance` is the dispatcher's step that resolves once the step's saves are committed. */
function liveDispatcher(
  app: FastifyInstance,
  parts: {
    network: StreetNetwork;
    index: EdgeIndex;
    replay: ReplayEngine;
    isHeld(deviceId: string): boolean;
    rows: readonly (DispatchUnit & { thing_type: string; sim_behaviour: SimBehaviour })[];
    seed: number;
    dispatch: Partial<LiveDispatchSettings> | undefined;
  },
): LiveDispatcher & { advance(...step: Parameters<LiveDispatcher['advanceTo']>): Promise<void> } {
  const { network, index } = parts;
  /** The saves of the step under way, in the order the dispatcher made them. */
  const saves: Promise<void>[] = [];
  const locations = createLocationRepository(app.eventLog.db);
  const centre: [number, number] = [CHICAGO_CENTRE.lng, CHICAGO_CENTRE.lat];
  const sceneNodes = network.nodes
    .map((point, node) => ({ point, node }))
    .filter(({ point }) => distanceMetres(point, centre) <= DISPATCH_RADIUS_METRES)
    .map(({ node }) => node);
  const dispatcher = createLiveDispatcher({
    units: parts.rows
      .filter((row) => RESPONDER_TYPES.includes(row.thing_type) && row.sim_behaviour !== 'silent')
      .map((row) => ({
        id: row.id,
        organization_id: row.organization_id,
        external_id: row.external_id,
        system_identifier: row.system_identifier,
        nickname: row.nickname,
        vin_number: row.vin_number,
        license_plate_number: row.license_plate_number,
        registry_number: row.registry_number,
      })),
    engine: parts.replay,
    // Its own stream of randomness, so turning it off leaves the vehicles' drives as they were.
    random: seededRandom(parts.seed * 31 + 17),
    startAt: app.clock.now(),
    pickScene(random) {
      // A few tries: most intersections have a street long enough to stand on.
      for (let attempt = 0; attempt < 5 && sceneNodes.length > 0; attempt += 1) {
        const node = sceneNodes[Math.floor(random.next() * sceneNodes.length)];
        const scene = node === undefined ? null : sceneAtNode(network, index, node);
        if (scene) return scene;
      }
      return null;
    },
    stored: (locationId) => locations.byId(locationId),
    save(location) {
      const saved = app.eventLog.write(() => {
        const decision = decideLocationReport(
          { type: 'ReportLocation', location, organizationExists: true },
          locations.byId(location.id),
        );
        if ('refused' in decision) {
          app.log.error(
            { refused: decision.refused, id: location.id },
            'live dispatcher: a save was refused',
          );
          return;
        }
        recordAccepted(app.eventLog, decision.accepted, app.clock.now());
      });
      saves.push(saved);
    },
    ...(parts.dispatch ? { settings: parts.dispatch } : {}),
    isHeld: parts.isHeld,
  });
  return Object.assign(dispatcher, {
    async advance(...step: Parameters<LiveDispatcher['advanceTo']>) {
      let stepError: unknown = null;
      try {
        dispatcher.advanceTo(...step);
      } catch (error) {
        stepError = error;
      }
      // Every save is awaited, a failed one included, so none rejects unheard; the first failure is thrown.
      const results = await Promise.allSettled(saves.splice(0));
      const failed = results.find((result) => result.status === 'rejected');
      if (stepError !== null) throw stepError;
      if (failed) throw failed.reason;
    },
  });
}
