// Drives the replay engine once a second from the app's clock and feeds its samples to the ingestion function.
// Starts when the app is ready, stops when it closes. The scheduler is injected so tests tick it by hand.
// Given a recording, it plays that onto the world's devices instead of moving them along the streets itself.
// Units on an active incident stand at its scene (issue 37 item 1) until a saved location no longer has them on
// scene: then they drive again.
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
import { buildEdgeIndex } from '../streets/edgeIndex.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { CHICAGO_CENTRE } from '../seed/worldPlan.ts';

declare module 'fastify' {
  interface FastifyInstance {
    replay: ReplayEngine;
    /** Devices another driver (a scenario) has taken over: the replay's samples for them are dropped. */
    replayHeldDevices: Set<string>;
  }
}

export type ReplayPluginOptions = {
  network: () => StreetNetwork;
  scheduler: Scheduler;
  seed: number;
  tickMs?: number;
  /** Play this recording onto every active device that is not silent (scaled to their number). */
  recording?: { recording: Recording; speed?: number; loop?: boolean };
};

export const ROAM_RADIUS_METRES = 10_000;

function streetReplay(network: StreetNetwork, vehicles: ReplayVehicle[], seed: number, startAt: number) {
  return createReplayEngine({
    network,
    index: buildEdgeIndex(network),
    vehicles,
    random: seededRandom(seed),
    startAt,
    roamCentre: [CHICAGO_CENTRE.lng, CHICAGO_CENTRE.lat],
    roamRadiusMetres: ROAM_RADIUS_METRES,
  });
}

export const replayPlugin = sharedPlugin<ReplayPluginOptions>('replay', async (app, options) => {
  const rows = app.eventLog.db
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
      }
    >(
      // The scene of the active incident the thing joined last (things/thingLinkProjection.ts keeps the links).
      `SELECT t.system_identifier, t.device_type, t.thing_type, t.sim_behaviour, t.lat, t.lng, t.id,
         (SELECT location.data FROM thing_location_links link JOIN locations location ON location.id = link.location_id
          WHERE link.thing_id = t.id AND location.is_active = 1
          ORDER BY link.start_at DESC, link.location_id DESC LIMIT 1) AS scene
       FROM things_with_state t
       WHERE t.is_active = 1 AND t.lat IS NOT NULL AND t.lng IS NOT NULL ORDER BY t.id`,
    )
    .all();
  const deviceOf = new Map(rows.map((row) => [row.id, row.system_identifier]));
  const onScene = new Map<string, string>();
  const vehicles = rows.map((row): ReplayVehicle => {
    const scene = row.scene === null ? null : (JSON.parse(row.scene) as LocationRecord);
    if (scene) onScene.set(row.id, scene.id);
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
  const engine = options.recording
    ? createRecordingReplay({
        recording: options.recording.recording,
        devices: vehicles
          .filter((vehicle) => vehicle.behaviour !== 'silent')
          .map((vehicle) => ({ deviceId: vehicle.deviceId, deviceType: vehicle.deviceType })),
        startAt: app.clock.now(),
        ...(options.recording.speed === undefined ? {} : { speed: options.recording.speed }),
        ...(options.recording.loop === undefined ? {} : { loop: options.recording.loop }),
      })
    : streetReplay(options.network(), vehicles, options.seed, app.clock.now());
  app.decorate('replay', engine);
  const held = new Set<string>();
  app.decorate('replayHeldDevices', held);

  // A unit leaves its scene when its incident is saved without it on scene (cleared, or the incident ended).
  const unsubscribe = app.eventLog.subscribe((events) => {
    if (onScene.size === 0) return;
    for (const { event } of events) {
      if (event.type !== 'LocationSaved') continue;
      const location = event.data;
      const stillThere = new Set(location.is_active ? location.things_active.map((thing) => thing.id) : []);
      for (const [thingId, locationId] of onScene) {
        if (locationId !== location.id || stillThere.has(thingId)) continue;
        onScene.delete(thingId);
        const deviceId = deviceOf.get(thingId);
        if (deviceId !== undefined) engine.release(deviceId);
      }
    }
  });

  let stop: (() => void) | null = null;
  const tick = () => {
    const stepped = engine.advanceTo(app.clock.now());
    const samples = held.size === 0 ? stepped : stepped.filter((sample) => !held.has(sample.device_id));
    if (samples.length === 0) return;
    try {
      app.telemetry.ingest(samples);
    } catch (error) {
      app.log.error({ err: error }, 'replay: ingesting a tick failed');
    }
  };
  app.addHook('onReady', async () => {
    stop = options.scheduler.every(options.tickMs ?? 1_000, tick);
  });
  // Before the database closes, so no tick writes into a closed file.
  app.addHook('preClose', async () => {
    stop?.();
    stop = null;
    unsubscribe();
  });
});
