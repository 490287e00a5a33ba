// Starts the simulator on a port: what `npm start` and the browser tests call. Listening beyond loopback is said
// out loud (`warn`), since the outbox's access depends on it (auth/outboxAccess.ts), and it refuses to serve the
// demo accounts there unless asked (`demoAccounts`): their password is published (docs/security.md). The broadcast
// bus is `SIM_BUS` (a redis:// URL; unset, the in-process bus) and the event log `SIM_STORE` (a postgres:// URL makes
// the file a replica of a cluster's shared log; unset, the file is the log: docs/scale-out.md).
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import { isLoopback, outboxExposureWarning } from './auth/outboxAccess.ts';
import { verifyPassword } from './auth/passwords.ts';
import { DEMO_PASSWORD, DEMO_USER_PLANS } from './seed/worldPlan.ts';
import { defaultClientDir } from './kernel/paths.ts';
import { originOfListeningAddress } from './kernel/servedHosts.ts';
import type { ReplayShare } from './replay/replayShare.ts';

export type SimulatorOptions = {
  port: number; // 0 = any free port
  host?: string; // default '127.0.0.1'
  databasePath: string; // the SQLite file; created and seeded when absent
  fresh?: boolean; // delete and re-seed
  replay?: boolean | { dispatch?: false; share?: ReplayShare }; // the replay (default true), without the live
  // dispatcher, or only a cluster node's share of the devices (replay/replayShare.ts)
  scenarios?: string[]; // scenario names to run (docs/telemetry.md)
  clientDir?: string; // static dashboard files (default <repo>/dist/client); skipped when absent
  logger?: boolean;
  retention?: AppOptions['retention']; // log retention (default 30 days, hourly; false = keep everything)
  tripLimits?: AppOptions['tripLimits']; // when telemetry is sealed into blocks (tests make it small)
  outboxAccess?: AppOptions['outboxAccess']; // who reads GET /api/sim/outbox (default loopback callers only)
  mailLog?: AppOptions['mailLog']; // where mails are written besides the outbox
  cableAllowedOrigins?: AppOptions['cableAllowedOrigins']; // browser origins allowed on the cable besides its own
  warn?: (line: string) => void; // where a warning about listening beyond loopback goes (default console.warn)
  publicOrigin?: AppOptions['publicOrigin']; // origin of links in mail (default the address printed at start)
  allowedHosts?: AppOptions['allowedHosts']; // more Host names to answer to (DNS rebinding check)
  throttle?: AppOptions['throttle']; // throttling rules over the defaults (auth/throttleRules.ts)
  demoAccounts?: boolean; // beyond loopback, serve the demo accounts and their published password anyway
  warmReports?: boolean; // make the current and previous month's reports in the background (default true)
  closureSchedule?: boolean; // switch scheduled closures on and off at their times (default true)
  thingCount?: number; // how many things a new world seeds (default the demo's; load tests seed more)
  bus?: string; // the broadcast bus: a redis:// URL for Redis Streams (default SIM_BUS; unset = in-process)
  store?: string; // the event log: a postgres:// URL for a cluster's shared log (default SIM_STORE; unset = the file)
};

/** Why the simulator will not start beyond loopback with the demo accounts (SIM_DEMO_ACCOUNTS=1 allows it). */
export function demoAccountsRefusal(host: string): string {
  return (
    `Refusing to serve the demo accounts on ${host}: their password is published, so anyone who reaches this ` +
    'address could sign in as them, provider staff included. Listen on localhost (unset HOST), or set ' +
    'SIM_DEMO_ACCOUNTS=1 to serve them anyway (docs/security.md).'
  );
}

/** Whether a database would be seeded with the demo world on start. */
const wouldSeed = (options: SimulatorOptions) =>
  options.fresh === true || options.databasePath === ':memory:' || !fs.existsSync(options.databasePath);

/** Whether any demo account still opens with the published password (a database seeded earlier). */
async function servesDemoPassword(app: FastifyInstance): Promise<boolean> {
  for (const plan of DEMO_USER_PLANS) {
    const user = app.accountSecurity.findUser(plan.email);
    if (user?.password_hash && (await verifyPassword(DEMO_PASSWORD, user.password_hash))) return true;
  }
  return false;
}

export type RunningSimulator = { url: string; app: FastifyInstance; close(): Promise<void> };

export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const host = options.host ?? '127.0.0.1';
  const guardDemo = !isLoopback(host) && options.demoAccounts !== true;
  if (guardDemo && wouldSeed(options)) throw new Error(demoAccountsRefusal(host));
  const app = await buildApp({
    databasePath: options.databasePath,
    fresh: options.fresh ?? false,
    replay: options.replay ?? true,
    ...(options.scenarios ? { scenarios: { names: options.scenarios } } : {}),
    clientDir: options.clientDir ?? defaultClientDir,
    logger: options.logger ?? false,
    ...(options.retention === undefined ? {} : { retention: options.retention }),
    ...(options.tripLimits ? { tripLimits: options.tripLimits } : {}),
    ...(options.outboxAccess ? { outboxAccess: options.outboxAccess } : {}),
    ...(options.mailLog ? { mailLog: options.mailLog } : {}),
    ...(options.publicOrigin === undefined ? {} : { publicOrigin: options.publicOrigin }),
    ...(options.throttle ? { throttle: options.throttle } : {}),
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    // A running simulator makes this and last month's reports after start, so a first download rarely waits.
    files: { warmReports: options.warmReports ?? true },
    ...(options.closureSchedule === false ? { closureSchedule: false as const } : {}),
    ...(options.thingCount === undefined ? {} : { thingCount: options.thingCount }),
    ...(options.cableAllowedOrigins ? { cableAllowedOrigins: options.cableAllowedOrigins } : {}),
    // SIM_BUS is read here, not in buildApp: tests build apps with the bus they name, whatever the environment.
    bus: { url: options.bus ?? process.env.SIM_BUS ?? '' },
    // Likewise SIM_STORE.
    store: { url: options.store ?? process.env.SIM_STORE ?? '' },
  });
  if (guardDemo && (await servesDemoPassword(app))) {
    await app.close();
    throw new Error(demoAccountsRefusal(host));
  }
  try {
    await app.listen({ port: options.port, host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const warning = outboxExposureWarning(options.outboxAccess ?? 'loopback', host);
  if (warning) (options.warn ?? console.warn)(warning);
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const url = originOfListeningAddress(host, port);
  app.links.listeningAt(url);
  return { url, app, close: () => app.close() };
}
