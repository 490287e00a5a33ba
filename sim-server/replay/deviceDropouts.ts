// Devices that now and then stop reporting for a while and come back (issue 37 item 1; docs/simulator.md "Devices
// that drop out"): while the live replay runs, dropouts start across the fleet at `perHour` an hour on average (the
// gaps drawn at random), each silencing one free unit — not on an incident, not on its way to one, not held by a
// scenario — for 5–30 minutes. The replay plugin drops that device's samples meanwhile and the dispatcher does not
// send it, so the dashboards show it stale (live §4: no check-in for 30 s) with its Last Online, and fresh again once
// it reports. A dropout is shorter than the product's offline window (96 h), so it raises no offline alarm: offline
// units are the seeded devices silent for days (seed/seedWorld.ts). Pure: time comes from `advanceTo`, randomness
// from the injected source (its own stream, so turning dropouts off leaves the drives as they were).
import { randomBetween, randomInteger, type RandomSource } from '../kernel/random.ts';

export type DropoutSettings = {
  /** Dropouts starting per hour across the whole fleet, on average. */
  perHour: number;
  /** How long a device stays silent (minutes). */
  minutes: readonly [number, number];
};

/** A few an hour, each long enough to see stale on the list and the map, short of pending (8 h) and offline. */
export const LIVE_DROPOUTS: DropoutSettings = { perHour: 4, minutes: [5, 30] };

export type Dropout = { deviceId: string; from: number; until: number };

export type DeviceDropouts = {
  /** Ends the dropouts due by `now` and starts those whose time came (on devices `canDrop` allows). */
  advanceTo(now: number): void;
  isSilent(deviceId: string): boolean;
  /** Every dropout so far, in the order they started (for tests and the start-up summary). */
  readonly history: readonly Dropout[];
};

const HOUR = 3_600_000;
const MINUTE = 60_000;

export function createDeviceDropouts(options: {
  devices: readonly string[];
  random: RandomSource;
  startAt: number;
  settings?: Partial<DropoutSettings>;
  /** Whether the device may drop out now (free: neither on an incident nor on its way to one). */
  canDrop(deviceId: string): boolean;
}): DeviceDropouts {
  const settings: DropoutSettings = { ...LIVE_DROPOUTS, ...options.settings };
  const { random } = options;
  const meanGapMs = HOUR / settings.perHour;
  const gap = () => Math.max(1_000, Math.round(-Math.log(1 - random.next()) * meanGapMs));
  let nextAt = options.startAt + gap();
  const silent = new Map<string, Dropout>();
  const history: Dropout[] = [];

  function start(at: number) {
    const candidates = options.devices.filter(
      (deviceId) => !silent.has(deviceId) && options.canDrop(deviceId),
    );
    if (candidates.length === 0) return;
    const deviceId = candidates[randomInteger(random, 0, candidates.length - 1)] as string;
    const lasts = Math.round(randomBetween(random, settings.minutes[0], settings.minutes[1]) * MINUTE);
    const dropout = { deviceId, from: at, until: at + lasts };
    silent.set(deviceId, dropout);
    history.push(dropout);
  }

  return {
    advanceTo(now) {
      for (const [deviceId, dropout] of silent) if (dropout.until <= now) silent.delete(deviceId);
      // After a long pause, at most one dropout starts for the whole gap: the fleet does not go quiet at once.
      if (nextAt <= now) {
        start(now);
        nextAt = Math.max(nextAt, now) + gap();
      }
    },
    isSilent: (deviceId) => silent.has(deviceId),
    get history() {
      return history;
    },
  };
}
