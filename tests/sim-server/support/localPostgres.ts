// A throw-away PostgreSQL for a test file (startLocalPostgres: initdb in a temporary folder; missing binaries fail
// with one line) and an admin connection to it, started before the file's tests and stopped after them. Call it
// before the file's own hooks, so its server is up before theirs run and stopped after theirs. `emptyLogBeforeEach`
// drops the shared log's tables before each test; the next log to connect makes them again. `shutDown` and
// `startAgain` restart the file's own server (a fault test), so no other file is disturbed.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startLocalPostgres, type PostgresServer } from '#sim/postgres/localPostgresServer';

export type LocalPostgres = {
  readonly server: PostgresServer;
  readonly admin: pg.Client;
  /** Stops the server as a restart does (pg_ctl stop -m fast), the admin connection ended first. */
  shutDown(): Promise<void>;
  /** Starts it again on the same data and port, with a new admin connection. */
  startAgain(): Promise<void>;
};

export function useLocalPostgres(options: { emptyLogBeforeEach?: boolean } = {}): LocalPostgres {
  let server: PostgresServer | null = null;
  let admin: pg.Client | null = null;
  const connectAdmin = async (url: string) => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  };
  beforeAll(async () => {
    server = await startLocalPostgres();
    await connectAdmin(server.url);
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await server?.stop();
  });
  if (options.emptyLogBeforeEach)
    beforeEach(async () => {
      await admin?.query('DROP TABLE IF EXISTS events, meta');
    });
  const started = () => {
    if (!server) throw new Error('PostgreSQL is not started yet: use it inside a test or a later hook');
    return server;
  };
  return {
    async shutDown() {
      await admin?.end();
      admin = null;
      await started().shutDown();
    },
    async startAgain() {
      await started().startAgain();
      await connectAdmin(started().url);
    },
    get server() {
      return started();
    },
    get admin() {
      if (!admin) throw new Error('PostgreSQL is not started yet: use it inside a test or a later hook');
      return admin;
    },
  };
}
