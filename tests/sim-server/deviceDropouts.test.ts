// Devices that drop out now and then (sim-server/replay/deviceDropouts.ts; issue 37 item 1): given a fleet and a
// seed, when a simulated day passes, then dropouts start at about the set rate, each silences one free device for
// 5–30 minutes and then it reports again, a device that may not drop (on an incident) never does, and the same seed
// and clock give the same dropouts.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '#sim/kernel/random';
import { createDeviceDropouts, LIVE_DROPOUTS } from '#sim/replay/deviceDropouts';

const START = Date.parse('2026-12-02T15:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const devices = Array.from({ length: 40 }, (_, index) => `device-${index}`);
/** The first five are on an incident the whole day. */
const onIncident = new Set(devices.slice(0, 5));

function dayOf(seed: number) {
  const dropouts = createDeviceDropouts({
    devices,
    random: seededRandom(seed),
    startAt: START,
    canDrop: (deviceId) => !onIncident.has(deviceId),
  });
  const silentAt: Map<number, string[]> = new Map();
  for (let now = START; now <= START + DAY; now += 5_000) {
    dropouts.advanceTo(now);
    if ((now - START) % (10 * MINUTE) === 0)
      silentAt.set(
        now,
        devices.filter((deviceId) => dropouts.isSilent(deviceId)),
      );
  }
  return { history: [...dropouts.history], silentAt };
}

describe('devices dropping out', () => {
  it('given a day, then a few dropouts an hour, each 5–30 minutes, never on a unit on an incident', () => {
    const { history, silentAt } = dayOf(11);
    const perHour = history.length / 24;
    expect(perHour).toBeGreaterThan(LIVE_DROPOUTS.perHour / 2);
    expect(perHour).toBeLessThan(LIVE_DROPOUTS.perHour * 2);
    for (const dropout of history) {
      expect(onIncident.has(dropout.deviceId)).toBe(false);
      expect(dropout.until - dropout.from).toBeGreaterThanOrEqual(5 * MINUTE);
      expect(dropout.until - dropout.from).toBeLessThanOrEqual(30 * MINUTE);
    }
    // Silent while its dropout lasts, reporting again after.
    const [first] = history;
    if (!first) throw new Error('no dropout in a day');
    const during = [...silentAt].find(([at]) => at >= first.from && at < first.until);
    if (during) expect(during[1]).toContain(first.deviceId);
    const after = [...silentAt].find(
      ([at]) =>
        at >= first.until &&
        !history.some((d) => d !== first && d.deviceId === first.deviceId && d.from <= at),
    );
    if (after) expect(after[1]).not.toContain(first.deviceId);
  });

  it('the same seed and clock give the same dropouts', () => {
    expect(dayOf(11).history).toEqual(dayOf(11).history);
    expect(dayOf(12).history).not.toEqual(dayOf(11).history);
  });
});
