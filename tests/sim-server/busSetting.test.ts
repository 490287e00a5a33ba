// Which bus a node runs (SIM_BUS): unset or empty is the in-process bus, a redis:// or rediss:// URL the Redis
// Streams bus, anything else one error line; a simulator given a Redis nobody answers at refuses to start with one
// line naming it, instead of starting without broadcasts.
import { describe, expect, it } from 'vitest';
import { parseBusSetting } from '#sim/bus/busSetting';
import { freePort } from '#sim/kernel/freePort';
import { startHarness } from './support/simulatorHarness.ts';

describe('SIM_BUS', () => {
  it('is the in-process bus when unset or empty, Redis Streams for a redis:// or rediss:// URL', () => {
    expect(parseBusSetting(undefined)).toEqual({ kind: 'in-process' });
    expect(parseBusSetting('  ')).toEqual({ kind: 'in-process' });
    expect(parseBusSetting('redis://127.0.0.1:6379')).toEqual({
      kind: 'redis-streams',
      url: 'redis://127.0.0.1:6379',
    });
    expect(parseBusSetting('rediss://cache.example:6380/2').kind).toBe('redis-streams');
  });

  it('refuses anything else with one line saying what it takes', () => {
    expect(() => parseBusSetting('localhost:6379')).toThrow(
      'SIM_BUS must be a redis:// or rediss:// URL (or unset for the in-process bus), got localhost:6379',
    );
    expect(() => parseBusSetting('postgres://db/sim')).toThrow(/SIM_BUS must be a redis:\/\//);
  });

  it('runs the in-process bus by default, and a Redis nobody answers at stops the start with one line', async () => {
    const harness = await startHarness();
    try {
      expect(harness.app.broadcastBus.kind).toBe('in-process');
    } finally {
      await harness.close();
    }
    const url = `redis://127.0.0.1:${await freePort()}`;
    await expect(startHarness({ bus: { url } })).rejects.toThrow(`SIM_BUS: cannot reach Redis at ${url}`);
  });
});
