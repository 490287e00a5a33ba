// Which bus a node runs: `SIM_BUS` unset or empty is the in-process bus (nothing to install or start), a
// `redis://` or `rediss://` URL the Redis Streams bus. Anything else is refused with one line saying what is taken.
import { engineUrlOf } from '../kernel/engineSetting.ts';

export type BusSetting = { kind: 'in-process' } | { kind: 'redis-streams'; url: string };

export function parseBusSetting(value: string | undefined): BusSetting {
  const url = engineUrlOf(value, {
    name: 'SIM_BUS',
    protocols: ['redis:', 'rediss:'],
    takes: 'a redis:// or rediss:// URL (or unset for the in-process bus)',
  });
  return url === null ? { kind: 'in-process' } : { kind: 'redis-streams', url };
}
