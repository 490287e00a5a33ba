// Where a node's event log lives: `SIM_STORE` unset or empty is the embedded default (the SQLite file is the log,
// nothing to install or start), a `postgres://` or `postgresql://` URL a log shared by several nodes in PostgreSQL,
// the SQLite file becoming its replica (docs/scale-out.md "The write path"). Anything else is refused with one line.
export type StoreSetting = { kind: 'sqlite' } | { kind: 'postgres'; url: string };

export function parseStoreSetting(value: string | undefined): StoreSetting {
  if (value === undefined || value.trim() === '') return { kind: 'sqlite' };
  const url = value.trim();
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  if (protocol === 'postgres:' || protocol === 'postgresql:') return { kind: 'postgres', url };
  throw new Error(
    `SIM_STORE must be a postgres:// or postgresql:// URL (or unset for the embedded SQLite log), got ${value}`,
  );
}
