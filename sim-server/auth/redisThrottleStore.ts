// The throttle's counts in Redis, for the nodes of a cluster (`SIM_STORE` and `SIM_BUS` both set): one JSON entry a
// key, under a prefix that names the cluster's log. An attempt is counted with WATCH, a read, `afterAttempt` and
// MULTI/EXEC, retried when another node counted the same key in between, so the rule is the pure one and no count
// is lost to a race between nodes. WATCH belongs to a connection, so the counting connection is used by one count
// at a time. Each entry expires after its rule's quiet spell (real time; only memory, since `afterAttempt` itself
// forgets by the simulator's clock). Redis out of reach: every call rejects with ThrottleStoreUnavailable.
import { Redis } from 'ioredis';
import type { ThrottleEntry } from './throttleRules.ts';
import { afterAttempt } from './throttleRules.ts';
import { ThrottleStoreUnavailable, type KeyedRule, type ThrottleStore } from './throttleStore.ts';

const MAX_TRIES = 20;

function parsed(text: string | null): ThrottleEntry | undefined {
  return text === null ? undefined : (JSON.parse(text) as ThrottleEntry);
}

const connectionOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 2_000,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
};

export async function createRedisThrottleStore(url: string, keyPrefix: string): Promise<ThrottleStore> {
  const reader = new Redis(url, { ...connectionOptions, connectionName: 'sim-throttle-read' });
  const counter = new Redis(url, { ...connectionOptions, connectionName: 'sim-throttle-count' });
  for (const redis of [reader, counter]) redis.on('error', () => undefined);
  await Promise.all([reader.connect(), counter.connect()]);
  const keyOf = (key: string) => keyPrefix + key;
  let counting: Promise<unknown> = Promise.resolve();

  async function countOnce(keyed: readonly KeyedRule[], now: number): Promise<void> {
    const keys = keyed.map(({ key }) => keyOf(key));
    for (let tries = 0; tries < MAX_TRIES; tries += 1) {
      await counter.watch(...keys);
      const current = await counter.mget(...keys);
      const transaction = counter.multi();
      keyed.forEach(({ rule }, index) => {
        const next = afterAttempt(parsed(current[index] ?? null), rule, now);
        transaction.set(keys[index] as string, JSON.stringify(next), 'PX', rule.forgetAfterMs);
      });
      // null: a watched key changed (another node counted it); read again.
      if ((await transaction.exec()) !== null) return;
    }
    throw new Error(`${MAX_TRIES} tries lost to other nodes counting the same keys`);
  }

  const unavailable = (error: unknown): never => {
    throw new ThrottleStoreUnavailable(error);
  };

  return {
    async read(keys) {
      if (keys.length === 0) return [];
      const values = await reader.mget(...keys.map(keyOf)).catch(unavailable);
      return values.map((value) => parsed(value));
    },
    countAttempt(keyed, now) {
      if (keyed.length === 0) return Promise.resolve();
      const counted = counting.then(() => countOnce(keyed, now));
      counting = counted.catch(() => counter.unwatch().catch(() => undefined));
      return counted.catch(unavailable);
    },
    async forget(keys) {
      if (keys.length > 0) await reader.del(...keys.map(keyOf)).catch(unavailable);
    },
    async countFailure(key, keepMs) {
      const replies = await reader
        .multi()
        .incr(keyOf(key))
        .pexpire(keyOf(key), keepMs)
        .exec()
        .catch(unavailable);
      const [error, count] = replies?.[0] ?? [new Error('the count was not answered'), 0];
      if (error) unavailable(error);
      return Number(count);
    },
    async close() {
      await counting;
      reader.disconnect();
      counter.disconnect();
    },
  };
}
