// Starts the simulator on a port: what `npm start` and the browser tests call. Listening beyond loopback is said
// out loud (`warn`), since the outbox's access depends on it (auth/outboxAccess.ts).
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import { outboxExposureWarning } from './auth/outboxAccess.ts';
import { defaultClientDir } from './shared/paths.ts';

export type SimulatorOptions = {
  port: number; // 0 = any free port
  host?: string; // default '127.0.0.1'
  databasePath: string; // the SQLite file; created and seeded when absent
  fresh?: boolean; // delete and re-seed
  replay?: boolean; // start the replay engine (default true)
  scenarios?: string[]; // scenario names to run (docs/telemetry.md)
  clientDir?: string; // static dashboard files (default <repo>/dist/client); skipped when absent
  logger?: boolean;
  retention?: AppOptions['retention']; // log retention (default 30 days, hourly; false = keep everything)
  outboxAccess?: AppOptions['outboxAccess']; // who reads GET /api/sim/outbox (default loopback callers only)
  mailLog?: AppOptions['mailLog']; // where mails are written besides the outbox
  cableAllowedOrigins?: AppOptions['cableAllowedOrigins']; // browser origins allowed on the cable besides its own
  warn?: (line: string) => void; // where a warning about listening beyond loopback goes (default console.warn)
};

export type RunningSimulator = { url: string; app: FastifyInstance; close(): Promise<void> };

export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const app = await buildApp({
    databasePath: options.databasePath,
    fresh: options.fresh ?? false,
    replay: options.replay ?? true,
    ...(options.scenarios ? { scenarios: { names: options.scenarios } } : {}),
    clientDir: options.clientDir ?? defaultClientDir,
    logger: options.logger ?? false,
    ...(options.retention === undefined ? {} : { retention: options.retention }),
    ...(options.outboxAccess ? { outboxAccess: options.outboxAccess } : {}),
    ...(options.mailLog ? { mailLog: options.mailLog } : {}),
    ...(options.cableAllowedOrigins ? { cableAllowedOrigins: options.cableAllowedOrigins } : {}),
  });
  const host = options.host ?? '127.0.0.1';
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
  const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return { url: `http://${urlHost}:${port}`, app, close: () => app.close() };
}
