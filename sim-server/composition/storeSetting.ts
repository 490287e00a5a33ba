// Where a node's event log lives: `SIM_STORE` unset or empty is the embedded default (the SQLite file is the log,
// nothing to install or start), a `postgres://` or `postgresql://` URL a log shared by several nodes in PostgreSQL,
// the SQLite file becoming its replica (docs/scale-out.md "The write path"). Anything else is refused with one line.
import { engineUrlOf } from '../kernel/engineSetting.ts';

export type StoreSetting = { kind: 'sqlite' } | { kind: 'postgres'; url: string };

export function parseStoreSetting(value: string | undefined): StoreSetting {
  const url = engineUrlOf(value, {
    name: 'SIM_STORE',
    protocols: ['postgres:', 'postgresql:'],
    takes: 'a postgres:// or postgresql:// URL (or unset for the embedded SQLite log)',
  });
  return url === null ? { kind: 'sqlite' } : { kind: 'postgres', url };
}
