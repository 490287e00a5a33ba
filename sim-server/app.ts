// Builds the simulator's Fastify app: infrastructure plugins first (clock, database, auth, cable and its broadcast
// bus, ingestion, exports, log retention, replay), then one plugin per resource. `server.ts` listens; tests call `buildApp` and use `inject`.
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { accountSecurityPlugin } from './auth/accountSecurityPlugin.ts';
import type { OutboxAccess } from './auth/outboxAccess.ts';
import { authPlugin } from './auth/authPlugin.ts';
import { throttlePlugin } from './auth/throttlePlugin.ts';
import type { ThrottlePolicy } from './auth/throttleRules.ts';
import { broadcastPlugin } from './cable/broadcastPlugin.ts';
import { cablePlugin, type CablePluginOptions } from './cable/cablePlugin.ts';
import { ingestionPlugin } from './ingestion/ingestionPlugin.ts';
import { TelemetryRejected } from './ingestion/telemetrySample.ts';
import { clockPlugin } from './plugins/clockPlugin.ts';
import { databasePlugin } from './composition/databasePlugin.ts';
import { openApiPlugin } from './plugins/openApiPlugin.ts';
import { securityHeadersPlugin } from './plugins/securityHeadersPlugin.ts';
import { servedHostsPlugin } from './plugins/servedHostsPlugin.ts';
import { replayPlugin, type ReplayPluginOptions } from './replay/replayPlugin.ts';
import { accountRoutes } from './routes/accountRoutes.ts';
import { basemapRoutes } from './routes/basemapRoutes.ts';
import { dashboardRoutes } from './routes/dashboardRoutes.ts';
import { profileRoutes } from './routes/profileRoutes.ts';
import { telemetryRoutes } from './routes/telemetryRoutes.ts';
import { thingRoutes } from './routes/thingRoutes.ts';
import { userTokenRoutes } from './routes/userTokenRoutes.ts';
import { versionRoutes } from './routes/versionRoutes.ts';
import { thingEditRoutes } from './routes/thingEditRoutes.ts';
import { catalogRoutes } from './routes/catalogRoutes.ts';
import { closureRoutes } from './routes/closureRoutes.ts';
import { directionsRoutes } from './routes/directionsRoutes.ts';
import { locationRoutes } from './routes/locationRoutes.ts';
import { areaRoutes } from './routes/areaRoutes.ts';
import { alertingZoneRoutes } from './routes/alertingZoneRoutes.ts';
import { exportPlugin } from './composition/exportPlugin.ts';
import { exportRoutes } from './routes/exportRoutes.ts';
import { fileRoutes } from './routes/fileRoutes.ts';
import { reportRoutes } from './routes/reportRoutes.ts';
import { customReportRoutes } from './routes/customReportRoutes.ts';
import { wzdxFeedRoutes } from './routes/wzdxFeedRoutes.ts';
import { tripRoutes } from './routes/tripRoutes.ts';
import type { TripStoreLimits } from './trips/tripStore.ts';
import { hazardRoutes } from './routes/hazardRoutes.ts';
import { r2rRoutes } from './routes/r2rRoutes.ts';
import { mutualAidRoutes } from './routes/mutualAidRoutes.ts';
import { userRoutes } from './routes/userRoutes.ts';
import { organizationRoutes } from './routes/organizationRoutes.ts';
import { integrationRoutes } from './routes/integrationRoutes.ts';
import { billingRoutes } from './routes/billingRoutes.ts';
import { threeWordRoutes } from './routes/threeWordRoutes.ts';
import { simLocationRoutes } from './routes/simLocationRoutes.ts';
import { timeTravelRoutes } from './timeTravel/timeTravelRoutes.ts';
import type { TimeTravelLimits } from './timeTravel/timeTravelLimits.ts';
import { pictureCheckpointPlugin } from './timeTravel/pictureCheckpointPlugin.ts';
import { CHECKPOINT_EVERY_POSITIONS } from './store/pictureCheckpoints.ts';
import { scenarioPlugin } from './scenarios/scenarioPlugin.ts';
import {
  CLOSURE_SCHEDULE_INTERVAL_MS,
  closureSchedulePlugin,
  type ClosureScheduleOptions,
} from './closures/closureScheduler.ts';
import {
  OFFLINE_LOOK_BACK_MS,
  OFFLINE_WATCH_INTERVAL_MS,
  offlineWatchPlugin,
  type OfflineWatchOptions,
} from './alarms/offlineWatchPlugin.ts';
import { alarmRoutes } from './routes/alarmRoutes.ts';
import {
  DAY_MS,
  DEFAULT_RETENTION_DAYS,
  DEFAULT_RETENTION_INTERVAL_MS,
  retentionPlugin,
} from './plugins/retentionPlugin.ts';
import { DEFAULT_THING_COUNT, DEFAULT_WORLD_SEED } from './seed/worldPlan.ts';
import { systemClock, timerScheduler, type Clock, type Scheduler } from './kernel/clock.ts';
import { chicagoStreetsPath, resolveSharedDir } from './kernel/paths.ts';
import { readStreetLines } from './streets/streetLines.ts';
import { cachedStreetNetwork } from './streets/streetNetwork.ts';

export type AppOptions = {
  /** The SQLite file; created and seeded when absent. */
  databasePath: string;
  /** Delete the file first and seed a new world. */
  fresh?: boolean;
  clock?: Clock;
  /** Seed of the demo world (default 2026) and its size (default 300 assets). */
  worldSeed?: number;
  thingCount?: number;
  /** The folder holding data/ and standards/ (default: SHARED_DIR, else the repository's resources/). */
  sharedDir?: string;
  /** Built dashboard to serve at `/`; null or a folder without index.html serves the API only. */
  clientDir?: string | null;
  logger?: boolean;
  /** Move the seeded vehicles (default on), with the live dispatcher beside them unless `dispatch: false`
   * (docs/simulator.md). Tests pass their own scheduler and tick it by hand. */
  replay?:
    | boolean
    | {
        scheduler?: Scheduler;
        seed?: number;
        recording?: ReplayPluginOptions['recording'];
        dispatch?: ReplayPluginOptions['dispatch'];
      };
  /** Cable ping interval; tests shorten it. */
  cablePingIntervalMs?: number;
  /** Browser origins allowed on the cable besides the simulator's own (docs/cable.md "Connection"). */
  cableAllowedOrigins?: readonly string[];
  /** Caps on open cable connections per user and per token (docs/cable.md "Connection"); defaults 32 and 16. */
  cableConnectionCaps?: CablePluginOptions['connectionCaps'];
  /** Scenarios to run by name (docs/telemetry.md); tests pass their own scheduler. */
  scenarios?: { names: string[]; scheduler?: Scheduler };
  /** Where exports and reports are kept (default: beside the database file) and the export worker's slice. */
  files?: { dir?: string; exportSliceMs?: number; zipThresholdBytes?: number; warmReports?: boolean };
  /** Log retention (docs/simulator.md): on by default, 30 days, hourly; false keeps every event. */
  retention?: false | { maxAgeMs?: number; intervalMs?: number; scheduler?: Scheduler };
  /** When telemetry is sealed into blocks (trips/tripStore.ts); tests make it small. */
  tripLimits?: TripStoreLimits;
  /** Time travel's picture checkpoints (docs/time-travel.md): log positions between two; tests shorten it. */
  pictureCheckpoints?: { everyPositions?: number };
  /** How much time-travel work runs at once (docs/time-travel.md "Limits"); defaults in timeTravelLimits.ts. */
  timeTravelLimits?: Partial<TimeTravelLimits>;
  /** The closure scheduler (docs/simulator.md "The closure scheduler"): on by default, every 15 s. */
  closureSchedule?: false | Partial<ClosureScheduleOptions>;
  /** The offline watch that raises asset-offline alarms (docs/alarms.md): on by default, every 30 s. */
  offlineWatch?: false | Partial<OfflineWatchOptions>;
  /** Who reads `GET /api/sim/outbox` (auth/outboxAccess.ts): loopback callers (default) or anyone. */
  outboxAccess?: OutboxAccess;
  /** Where each mail's line goes besides the outbox (default the app's log, silent when `logger` is off). */
  mailLog?: (line: string) => void;
  /** The dashboard's public origin for links in mail and file links (default: the address it listens at). */
  publicOrigin?: string;
  /** Host names to answer to besides loopback, the machine's own and the public origin's (DNS rebinding). */
  allowedHosts?: readonly string[];
  /** Throttling of sign-in, recovery and refresh (auth/throttleRules.ts), per action over the defaults. */
  throttle?: Partial<ThrottlePolicy>;
  /** Allow the Google Maps basemap's hosts in the Content-Security-Policy (default on). */
  googleMaps?: boolean;
  /**
   * The broadcast bus (sim-server/bus/): a `redis://host:port` URL for Redis Streams, else the in-process bus;
   * `streamKey` and `maxHeldMessages` as in cable/broadcastPlugin.ts (tests set them).
   */
  bus?: { url?: string; streamKey?: string; maxHeldMessages?: number };
  /** How long a client may take to send a whole request, and how often stalled ones are looked for (ms). */
  timeouts?: { requestMs?: number; checkIntervalMs?: number };
};

/**
 * A request (headers and body) must arrive whole within 30 s, or its connection is closed: a client that sends
 * `Content-Length: 100000` and then nothing would otherwise hold a socket for ever (issue 24). Node looks for such
 * requests every `checkIntervalMs`, so one is closed within 35 s. The largest body we take (a telemetry batch of
 * 10,000 samples, about 2 MB) arrives in well under a second on any link the simulator is meant for.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
export const STALLED_REQUEST_CHECK_MS = 5_000;

const REPLAY_SEED = 7;

function replySafely(error: FastifyError | Error) {
  if (error instanceof TelemetryRejected)
    return { statusCode: 400, body: { error: 'bad_request', message: error.message } };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return { statusCode: 400, body: { error: 'bad_request', message: fastifyError.message } };
  }
  const statusCode = fastifyError.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    return { statusCode, body: { error: fastifyError.code ?? 'bad_request', message: fastifyError.message } };
  }
  return { statusCode: 500, body: { error: 'internal_error' } };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const requestTimeout = options.timeouts?.requestMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logger ?? false,
    forceCloseConnections: true,
    requestTimeout,
    http: {
      // Headers come first and within the same budget (Node wants headersTimeout ≤ requestTimeout).
      headersTimeout: requestTimeout,
      connectionsCheckingInterval: options.timeouts?.checkIntervalMs ?? STALLED_REQUEST_CHECK_MS,
    },
  });
  const sharedDir = options.sharedDir ?? resolveSharedDir();
  const streetsFile = chicagoStreetsPath(sharedDir);
  const streetLines = () => readStreetLines(streetsFile);
  const network = () => cachedStreetNetwork(streetsFile, streetLines);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, body } = replySafely(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(statusCode).send(body);
  });
  // Sign-in forms may be posted as application/x-www-form-urlencoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  await app.register(servedHostsPlugin, {
    ...(options.publicOrigin === undefined ? {} : { publicOrigin: options.publicOrigin }),
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
  });
  await app.register(securityHeadersPlugin, { googleMaps: options.googleMaps ?? true });
  await app.register(clockPlugin, { clock: options.clock ?? systemClock });
  await app.register(databasePlugin, {
    databasePath: options.databasePath,
    fresh: options.fresh ?? false,
    worldSeed: options.worldSeed ?? DEFAULT_WORLD_SEED,
    thingCount: options.thingCount ?? DEFAULT_THING_COUNT,
    network,
    ...(options.tripLimits ? { tripLimits: options.tripLimits } : {}),
  });
  await app.register(authPlugin);
  await app.register(throttlePlugin, {
    now: () => app.clock.now(),
    ...(options.throttle ? { policy: options.throttle } : {}),
  });
  await app.register(accountSecurityPlugin, options.mailLog ? { mailLog: options.mailLog } : {});
  await app.register(cablePlugin, {
    resolveSession: (token) => app.resolveCableSession(token),
    now: () => app.clock.now(),
    ...(options.cablePingIntervalMs ? { pingIntervalMs: options.cablePingIntervalMs } : {}),
    ...(options.cableAllowedOrigins ? { allowedOrigins: options.cableAllowedOrigins } : {}),
    ...(options.cableConnectionCaps ? { connectionCaps: options.cableConnectionCaps } : {}),
  });
  await app.register(broadcastPlugin, {
    ...(options.bus?.url ? { busUrl: options.bus.url } : {}),
    ...(options.bus?.streamKey ? { busStreamKey: options.bus.streamKey } : {}),
    ...(options.bus?.maxHeldMessages === undefined
      ? {}
      : { busMaxHeldMessages: options.bus.maxHeldMessages }),
  });
  await app.register(ingestionPlugin);
  await app.register(exportPlugin, {
    databasePath: options.databasePath,
    fresh: options.fresh ?? false,
    ...(options.files?.dir ? { filesDir: options.files.dir } : {}),
    ...(options.files?.exportSliceMs ? { sliceMs: options.files.exportSliceMs } : {}),
    ...(options.files?.zipThresholdBytes ? { zipThresholdBytes: options.files.zipThresholdBytes } : {}),
    ...(options.files?.warmReports ? { warmReports: true } : {}),
  });
  await app.register(pictureCheckpointPlugin, {
    everyPositions: options.pictureCheckpoints?.everyPositions ?? CHECKPOINT_EVERY_POSITIONS,
  });
  if (options.retention !== false) {
    await app.register(retentionPlugin, {
      maxAgeMs: options.retention?.maxAgeMs ?? DEFAULT_RETENTION_DAYS * DAY_MS,
      intervalMs: options.retention?.intervalMs ?? DEFAULT_RETENTION_INTERVAL_MS,
      scheduler: options.retention?.scheduler ?? timerScheduler,
    });
  }
  if (options.offlineWatch !== false) {
    const watch = { intervalMs: OFFLINE_WATCH_INTERVAL_MS, lookBackMs: OFFLINE_LOOK_BACK_MS };
    await app.register(offlineWatchPlugin, { ...watch, scheduler: timerScheduler, ...options.offlineWatch });
  }
  if (options.closureSchedule !== false) {
    const schedule = { intervalMs: CLOSURE_SCHEDULE_INTERVAL_MS, scheduler: timerScheduler };
    await app.register(closureSchedulePlugin, { ...schedule, ...options.closureSchedule });
  }
  const replay = options.replay ?? true;
  if (replay !== false) {
    const settings = replay === true ? {} : replay;
    await app.register(replayPlugin, {
      network,
      scheduler: settings.scheduler ?? timerScheduler,
      seed: settings.seed ?? REPLAY_SEED,
      ...(settings.recording ? { recording: settings.recording } : {}),
      ...(settings.dispatch === undefined ? {} : { dispatch: settings.dispatch }),
    });
  }
  if (options.scenarios && options.scenarios.names.length > 0) {
    await app.register(scenarioPlugin, {
      names: options.scenarios.names,
      scheduler: options.scenarios.scheduler ?? timerScheduler,
    });
  }

  // Before the routes: it documents each route as it is added.
  await app.register(openApiPlugin);
  await app.register(userTokenRoutes);
  await app.register(accountRoutes, { outboxAccess: options.outboxAccess ?? 'loopback' });
  await app.register(profileRoutes);
  await app.register(thingRoutes);
  await app.register(telemetryRoutes);
  await app.register(basemapRoutes, { streetLines });
  await app.register(versionRoutes);
  await app.register(catalogRoutes);
  await app.register(thingEditRoutes);
  await app.register(locationRoutes);
  await app.register(closureRoutes);
  await app.register(directionsRoutes, { network });
  await app.register(areaRoutes);
  await app.register(alertingZoneRoutes);
  await app.register(wzdxFeedRoutes);
  await app.register(tripRoutes);
  await app.register(hazardRoutes);
  await app.register(r2rRoutes);
  await app.register(mutualAidRoutes);
  await app.register(userRoutes);
  await app.register(organizationRoutes);
  await app.register(integrationRoutes);
  await app.register(billingRoutes);
  await app.register(threeWordRoutes);
  await app.register(simLocationRoutes);
  await app.register(timeTravelRoutes, { limits: options.timeTravelLimits ?? {} });
  await app.register(exportRoutes);
  await app.register(fileRoutes);
  await app.register(reportRoutes);
  await app.register(customReportRoutes);
  await app.register(alarmRoutes);
  await app.register(dashboardRoutes, { clientDir: options.clientDir ?? null });
  return app;
}
