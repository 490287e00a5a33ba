// `app.eventLog`: the SQLite file with its event log and projections. Creates and seeds the file when it is
// new (or when `fresh` asks to start over); a restart on an existing file keeps its data. With a PostgreSQL URL
// (`storeUrl`, SIM_STORE) the file is a replica of the log shared by the cluster's nodes (sharedStore.ts).
import fs from 'node:fs';
import { seedWorld, type SeedSummary } from '../seed/seedWorld.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { deleteDatabaseFiles, openDatabase } from '../store/database.ts';
import { createSimEventLog, type SimEventLog } from './simProjections.ts';
import type { TripStoreLimits } from '../trips/tripStore.ts';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { parseStoreSetting } from './storeSetting.ts';
import { openSharedStore } from './sharedStore.ts';

declare module 'fastify' {
  interface FastifyInstance {
    eventLog: SimEventLog;
    /** What the seed wrote on this start, or null when the database already held a world. */
    seeded: SeedSummary | null;
  }
}

export type DatabasePluginOptions = {
  databasePath: string;
  fresh: boolean;
  worldSeed: number;
  thingCount: number;
  network: () => StreetNetwork;
  tripLimits?: TripStoreLimits;
  /** `postgres://…` for a cluster node's shared log; absent or empty, the embedded SQLite log. */
  storeUrl?: string;
  /** This node's name on its PostgreSQL connections (default: the process id). */
  nodeName?: string;
};

export const databasePlugin = sharedPlugin<DatabasePluginOptions>('db', async (app, options) => {
  const setting = parseStoreSetting(options.storeUrl);
  if (setting.kind === 'postgres') {
    const store = await openSharedStore({
      url: setting.url,
      name: options.nodeName ?? String(process.pid),
      databasePath: options.databasePath,
      fresh: options.fresh,
      ...(options.tripLimits ? { tripLimits: options.tripLimits } : {}),
      seed: (log) =>
        seedWorld(log, {
          seed: options.worldSeed,
          now: app.clock.now(),
          network: options.network(),
          thingCount: options.thingCount,
        }),
      onReplicationError: (error) => app.log.error({ err: error }, 'replica: catching up failed'),
    });
    app.decorate('eventLog', store.eventLog);
    app.decorate('seeded', store.seeded);
    app.addHook('onClose', () => store.close());
    return;
  }
  if (options.fresh) deleteDatabaseFiles(options.databasePath);
  const isNew = options.databasePath === ':memory:' || !fs.existsSync(options.databasePath);
  const db = openDatabase(options.databasePath);
  const eventLog = createSimEventLog(db, options.tripLimits);
  app.decorate('eventLog', eventLog);
  app.addHook('onClose', async () => {
    db.close();
  });
  // A file that exists but holds no events (a crash during the very first seed) is seeded as well.
  const needsSeed = isNew || eventLog.store.lastSeq() === 0;
  app.decorate(
    'seeded',
    needsSeed
      ? await seedWorld(eventLog, {
          seed: options.worldSeed,
          now: app.clock.now(),
          network: options.network(),
          thingCount: options.thingCount,
        })
      : null,
  );
});
