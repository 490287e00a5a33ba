// A cluster node's share of the replay (sim-server/replay/replayShare.ts): every device is in exactly one share,
// the shares are about even for a fleet, `--replay-share i/N` is read 1-based and refused with one line when wrong,
// and the recording's playback split over N nodes gives each device the very samples one node would give it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import { repoRoot } from '#sim/kernel/paths';
import { parseRecording } from '#sim/replay/recording';
import { createRecordingReplay, type ReplayTarget } from '#sim/replay/recordingReplay';
import {
  inShare,
  parseReplayShare,
  replayShareText,
  shareOfDevice,
  type ReplayShare,
} from '#sim/replay/replayShare';

/** Device ids shaped as the seeded world's and the load test's. */
const FLEET = Array.from({ length: 3_000 }, (_, i) =>
  i % 2 === 0 ? `SIM-${String(i).padStart(5, '0')}` : `LOAD-${i}`,
);

const sharesOf = (count: number): ReplayShare[] =>
  Array.from({ length: count }, (_, index) => ({ index, count }));

describe('splitting the fleet into replay shares', () => {
  it('puts every device in exactly one share, for every node count', () => {
    for (const count of [1, 2, 3, 5, 8]) {
      const shares = sharesOf(count);
      for (const device of FLEET) {
        const holders = shares.filter((share) => inShare(device, share));
        expect(holders).toEqual([{ index: shareOfDevice(device, count), count }]);
      }
    }
  });

  it('gives each of three nodes about a third of the fleet', () => {
    for (const share of sharesOf(3)) {
      const size = FLEET.filter((device) => inShare(device, share)).length;
      expect(size).toBeGreaterThan(FLEET.length * 0.28);
      expect(size).toBeLessThan(FLEET.length * 0.39);
    }
  });

  it('reads i/N as the i-th of N, and refuses anything else with one line', () => {
    expect(parseReplayShare('1/3')).toEqual({ index: 0, count: 3 });
    expect(parseReplayShare('3/3')).toEqual({ index: 2, count: 3 });
    expect(replayShareText({ index: 1, count: 2 })).toBe('2/2');
    for (const wrong of ['0/3', '4/3', '1/0', '2', 'a/b', ''])
      expect(() => parseReplayShare(wrong)).toThrow(/--replay-share needs i\/N/);
  });
});

describe('a recording played by several nodes', () => {
  const recording = parseRecording(
    fs.readFileSync(path.join(repoRoot, 'fixtures', 'recordings', 'responders.ndjson'), 'utf8'),
  );
  const start = Date.parse('2026-05-04T08:00:00.000Z');
  const targets: ReplayTarget[] = FLEET.slice(0, 40).map((deviceId) => ({ deviceId, deviceType: 'ha7' }));

  function play(plays?: (deviceId: string) => boolean): TelemetrySample[] {
    const replay = createRecordingReplay({
      recording,
      devices: targets,
      startAt: start,
      ...(plays ? { plays } : {}),
    });
    const samples: TelemetrySample[] = [];
    for (let now = start; now <= start + 120_000; now += 1_000) samples.push(...replay.advanceTo(now));
    return samples;
  }

  it('gives each device, from its one node, the samples one node alone gives it, in order', () => {
    const alone = play();
    const shares = sharesOf(3).map((share) => play((deviceId) => inShare(deviceId, share)));
    expect(shares.every((samples) => samples.length > 0)).toBe(true);
    for (const target of targets) {
      const own = (samples: readonly TelemetrySample[]) =>
        samples.filter((sample) => sample.device_id === target.deviceId);
      const fromNodes = shares.filter((samples) => own(samples).length > 0);
      expect(fromNodes).toHaveLength(1);
      expect(own(fromNodes[0] ?? [])).toEqual(own(alone));
    }
  });
});
