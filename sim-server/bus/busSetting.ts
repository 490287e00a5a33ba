// Which bus a node runs: `SIM_BUS` unset or empty is the in-process bus (nothing to install or start), a
// `redis://` or `rediss://` URL the Redis Streams bus. Anything else is refused with one line saying what is taken.
export type BusSetting = { kind: 'in-process' } | { kind: 'redis-streams'; url: string };

export function parseBusSetting(value: string | undefined): BusSetting {
  if (value === undefined || value.trim() === '') return { kind: 'in-process' };
  const url = value.trim();
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  if (protocol === 'redis:' || protocol === 'rediss:') return { kind: 'redis-streams', url };
  throw new Error(
    `SIM_BUS must be a redis:// or rediss:// URL (or unset for the in-process bus), got ${value}`,
  );
}
