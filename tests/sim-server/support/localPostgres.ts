// A throw-away PostgreSQL for a test file (startLocalPostgres: initdb in a temporary folder; missing binaries fail
// with one line) and an admin connection to it, started before the file's tests and stopped after them. Call it
// before the file's own hooks, so its server is up before theirs run and stopped after theirs. `emptyLogBeforeEach`
// drops the shared log's tables before each test; the next log to connect makes them again.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startLocalPostgres, type PostgresServer } from '#sim/postgres/localPostgresServer';

export type LocalPostgres = { readonly server: PostgresServer; readonly admin: pg.Client };

export function useLocalPostgres(options: { emptyLogBeforeEach?: boolean } = {}): LocalPostgres {
  let server: PostgresServer | null = null;
  let admin: pg.Client | null = null;
  beforeAll(async () => {
    server = await startLocalPostgres();
    admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await server?.stop();
  });
  if (options.emptyLogBeforeEach)
    beforeEach(async () => {
      await admin?.query('DROP TABLE IF EXISTS events, meta');
    });
  return {
    get server() {
      if (!server) throw new Error('PostgreSQL is not started yet: use it inside a test or a later hook');
      return server;
    },
    get admin() {
      if (!admin) throw new Error('PostgreSQL is not started yet: use it inside a test or a later hook');
      return admin;
    },
  };
}
