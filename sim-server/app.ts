// Builds the simulator's Fastify app: infrastructure plugins first (clock, database, auth, cable and its broadcast
// bus, ingestion, exports), then the background work (log retention, the offline watch, replay, scenarios), then
// the resources from one list (`resourcePlugins`), one line per resource plugin, each living in its resource's
// folder. `server.ts` listens; tests call `buildApp` and use `inject`.
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
import { SharedLogUnavailable } from './store/sharedLog.ts';
import { clockPlugin } from './plugins/clockPlugin.ts';
import { databasePlugin } from './composition/databasePlugin.ts';
import { openApiPlugin } from './plugins/openApiPlugin.ts';
import { securityHeadersPlugin } from './plugins/securityHeadersPlugin.ts';
import { servedHostsPlugin } from './plugins/servedHostsPlugin.ts';
import { replayPlugin, type ReplayPluginOptions } from './replay/replayPlugin.ts';
import { exportPlugin } from './composition/exportPlugin.ts';
import type { TripStoreLimits } from './trips/tripStore.ts';
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
// The resources' route plugins, each in its resource's folder (registered by `resourcePlugins`).
import { alarmRoutes } from './alarms/alarmRoutes.ts';
import { authResource } from './auth/authResource.ts';
import { hazardsResource } from './hazards/hazardsResource.ts';
import { locationsResource } from './locations/locationsResource.ts';
import { organizationsResource } from './organizations/organizationsResource.ts';
import { reportsResource } from './reports/reportsResource.ts';
import { streetsResource } from './streets/streetsResource.ts';
import { thingsResource } from './things/thingsResource.ts';
import { areaRoutes } from './areas/areaRoutes.ts';
import { catalogRoutes } from './catalog/catalogRoutes.ts';
import { closureRoutes } from './closures/closureRoutes.ts';
import { exportRoutes } from './exports/exportRoutes.ts';
import { telemetryRoutes } from './ingestion/telemetryRoutes.ts';
import { integrationRoutes } from './integrations/integrationRoutes.ts';
import { mutualAidRoutes } from './sharing/mutualAidRoutes.ts';
import { dashboardRoutes } from './site/dashboardRoutes.ts';
import { versionRoutes } from './site/versionRoutes.ts';
import { timeTravelRoutes } from './timeTravel/timeTravelRoutes.ts';
import { tripRoutes } from './trips/tripRoutes.ts';
import { userRoutes } from './users/userRoutes.ts';
import { wzdxFeedRoutes } from './wzdx/wzdxFeedRoutes.ts';
import { alertingZoneRoutes } from './zones/alertingZoneRoutes.ts';

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
        /** A cluster node's share of the devices (replay/replayShare.ts); default the whole fleet. */
        share?: ReplayPluginOptions['share'];
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
   * `streamKey`, `maxHeldMessages` and `maxLength` as in cable/broadcastPlugin.ts (tests set them).
   */
  bus?: { url?: string; streamKey?: string; maxHeldMessages?: number; maxLength?: number };
  /**
   * The event log (docs/scale-out.md "The write path"): a `postgres://…` URL makes the SQLite file a replica of the
   * log shared by a cluster's nodes; absent or empty, the file is the log. `nodeName` labels the node's connections.
   */
  store?: { url?: string; nodeName?: string };
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

/** The error code of a write refused while a cluster node cannot reach its shared log (503, Retry-After). */
export const STORE_UNAVAILABLE = 'store_unavailable';

function replySafely(error: FastifyError | Error): {
  statusCode: number;
  body: { error: string; message?: string };
  retryAfterSeconds?: number;
} {
  if (error instanceof SharedLogUnavailable)
    return {
      statusCode: 503,
      body: { error: STORE_UNAVAILABLE, message: 'The store cannot be reached. Try again shortly.' },
      retryAfterSeconds: error.retryAfterSeconds,
    };
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

/** Where the street file's lines and drivable graph come from, read once when first asked for. */
type StreetSources = {
  streetLines: () => ReturnType<typeof readStreetLines>;
  network: () => ReturnType<typeof cachedStreetNetwork>;
};

/** One resource's route plugin registered with its options. */
type ResourcePlugin = (app: FastifyInstance) => PromiseLike<unknown>;

/** The resources, in registration order: adding a resource adds its line here (its plugin lives in its folder). */
function resourcePlugins(options: AppOptions, streets: StreetSources): readonly ResourcePlugin[] {
  return [
    (app) => app.register(authResource, { outboxAccess: options.outboxAccess ?? 'loopback' }),
    (app) => app.register(thingsResource),
    (app) => app.register(telemetryRoutes),
    (app) => app.register(streetsResource, { streetLines: streets.streetLines, network: streets.network }),
    (app) => app.register(versionRoutes),
    (app) => app.register(catalogRoutes),
    (app) => app.register(locationsResource, { network: streets.network }),
    (app) => app.register(closureRoutes),
    (app) => app.register(areaRoutes),
    (app) => app.register(alertingZoneRoutes),
    (app) => app.register(wzdxFeedRoutes),
    (app) => app.register(tripRoutes),
    (app) => app.register(hazardsResource),
    (app) => app.register(mutualAidRoutes),
    (app) => app.register(userRoutes),
    (app) => app.register(organizationsResource),
    (app) => app.register(integrationRoutes),
    (app) => app.register(timeTravelRoutes, { limits: options.timeTravelLimits ?? {} }),
    (app) => app.register(exportRoutes),
    (app) => app.register(reportsResource),
    (app) => app.register(alarmRoutes),
    // Last: its not-found handler answers the page paths no route above took with the dashboard.
    (app) => app.register(dashboardRoutes, { clientDir: options.clientDir ?? null }),
  ];
}

/** The Fastify instance with the request time limits, the safe error answers and the sign-in form's body type. */
function createFastify(options: AppOptions): FastifyInstance {
  const requestTimeout = options.timeouts?.requestMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logger ?? false,
    forceCloseConnections: true,
    // No limit on a plugin's start: opening the store seeds a world or, on a cluster node, copies and rebuilds the
    // shared log, which takes as long as the log is large (Fastify's 10 s default cut a busy 2-core machine's start
    // short). A store that cannot be reached fails on its own, with its own line.
    pluginTimeout: 0,
    requestTimeout,
    http: {
      // Headers come first and within the same budget (Node wants headersTimeout ≤ requestTimeout).
      headersTimeout: requestTimeout,
      connectionsCheckingInterval: options.timeouts?.checkIntervalMs ?? STALLED_REQUEST_CHECK_MS,
    },
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, body, retryAfterSeconds } = replySafely(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
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
  return app;
}

/** Hosts and headers, the clock, the database, auth and account security. */
async function registerFoundation(app: FastifyInstance, options: AppOptions, streets: StreetSources) {
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
    network: streets.network,
    ...(options.tripLimits ? { tripLimits: options.tripLimits } : {}),
    ...(options.store?.url ? { storeUrl: options.store.url } : {}),
    ...(options.store?.nodeName ? { nodeName: options.store.nodeName } : {}),
  });
  await app.register(authPlugin);
  // A cluster's nodes (a shared log) on a Redis bus count attempts together, under the name of their log.
  const sharedLog = app.eventLog.shared;
  await app.register(throttlePlugin, {
    now: () => app.clock.now(),
    ...(options.throttle ? { policy: options.throttle } : {}),
    ...(sharedLog && options.bus?.url
      ? { shared: { redisUrl: options.bus.url, keyPrefix: `sim:throttle:${sharedLog.epoch}:` } }
      : {}),
  });
  await app.register(accountSecurityPlugin, options.mailLog ? { mailLog: options.mailLog } : {});
}

/** The cable and its broadcast bus, ingestion, the export worker and time travel's checkpoints. */
async function registerDelivery(app: FastifyInstance, options: AppOptions) {
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
    ...(options.bus?.maxLength === undefined ? {} : { busMaxLength: options.bus.maxLength }),
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
}

/** What runs on its own: log retention, the offline watch, replay and the scenarios, each unless switched off. */
async function registerBackgroundWork(app: FastifyInstance, options: AppOptions, streets: StreetSources) {
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
      network: streets.network,
      scheduler: settings.scheduler ?? timerScheduler,
      seed: settings.seed ?? REPLAY_SEED,
      ...(settings.recording ? { recording: settings.recording } : {}),
      ...(settings.dispatch === undefined ? {} : { dispatch: settings.dispatch }),
      ...(settings.share ? { share: settings.share } : {}),
    });
  }
  if (options.scenarios && options.scenarios.names.length > 0) {
    await app.register(scenarioPlugin, {
      names: options.scenarios.names,
      scheduler: options.scenarios.scheduler ?? timerScheduler,
    });
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = createFastify(options);
  const streetsFile = chicagoStreetsPath(options.sharedDir ?? resolveSharedDir());
  const streetLines = () => readStreetLines(streetsFile);
  const streets: StreetSources = {
    streetLines,
    network: () => cachedStreetNetwork(streetsFile, streetLines),
  };

  await registerFoundation(app, options, streets);
  await registerDelivery(app, options);
  await registerBackgroundWork(app, options, streets);
  // Before the routes: it documents each route as it is added.
  await app.register(openApiPlugin);
  for (const register of resourcePlugins(options, streets)) await register(app);
  return app;
}
