// Where a node's event log lives (SIM_STORE): unset or empty is the embedded SQLite log, a postgres:// or
// postgresql:// URL a cluster's shared log, anything else one error line (the node's start with an unreachable
// PostgreSQL is in postgresNodes.test.ts).
import { describe, expect, it } from 'vitest';
import { parseStoreSetting } from '#sim/composition/storeSetting';

describe('SIM_STORE', () => {
  it('is the embedded SQLite log when unset or empty, the shared log for a postgres:// or postgresql:// URL', () => {
    expect(parseStoreSetting(undefined)).toEqual({ kind: 'sqlite' });
    expect(parseStoreSetting(' ')).toEqual({ kind: 'sqlite' });
    expect(parseStoreSetting('postgres://sim@127.0.0.1:5432/sim')).toEqual({
      kind: 'postgres',
      url: 'postgres://sim@127.0.0.1:5432/sim',
    });
    expect(parseStoreSetting(' postgresql://db.example/sim ').kind).toBe('postgres');
  });

  it('refuses anything else with one line saying what it takes', () => {
    expect(() => parseStoreSetting('redis://127.0.0.1:6379')).toThrow(
      'SIM_STORE must be a postgres:// or postgresql:// URL (or unset for the embedded SQLite log), got redis://127.0.0.1:6379',
    );
    expect(() => parseStoreSetting('data/sim.sqlite')).toThrow(/SIM_STORE must be a postgres:\/\//);
  });
});
