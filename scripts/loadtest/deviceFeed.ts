// The load test's devices: every device sends one point a second, the fleet spread evenly over the second in
// slices, posted through the server's ingestion endpoint (the path any external load generator uses). Each
// sample is stamped with the time it is built, which the clients use for latency. Positions and motion come
// from a recording, cycled per device, so the frames are the size and shape of real ones.
import { setTimeout as sleep } from 'node:timers/promises';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import type { LoadDevice } from './messages.ts';

export type FeedOptions = {
  url: string;
  ingestPath: string;
  token: string;
  devices: readonly LoadDevice[];
  durationMs: number;
  /** Recorded points to take positions, speed, course and street from. */
  motion: readonly TelemetrySample[];
  slicesPerSecond?: number;
  /** Requests allowed in flight before the feed waits (it then falls behind rather than queueing). */
  maxInFlight?: number;
};

export type FeedResult = {
  sent: number;
  accepted: number;
  unknown: number;
  failedRequests: number;
  elapsedMs: number;
};

/**
 * Posts one request of samples to a node's ingestion endpoint: what it accepted, or null when it answered anything
 * but 202. Rejects when no answer came (a refused or reset connection: the node is gone).
 */
export async function postSamples(
  url: string,
  ingestPath: string,
  token: string,
  samples: readonly TelemetrySample[],
): Promise<{ accepted: number; unknown: number } | null> {
  const response = await fetch(`${url}${ingestPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ samples }),
  });
  if (response.status !== 202) {
    await response.text();
    return null;
  }
  return (await response.json()) as { accepted: number; unknown: number };
}

/** Device `index`'s point of slice `slice` (in second `second` of the feed), its motion taken from the recording,
 * cycled per device. */
export function loadSample(
  device: LoadDevice,
  index: number,
  at: { slice: number; second: number; time: string },
  motion: readonly TelemetrySample[],
): TelemetrySample {
  const { slice, second, time } = at;
  const from = motion[(index * 7_919 + slice * 13 + second) % motion.length];
  return {
    device_id: device.id,
    device_type: device.type,
    kind: 'point',
    time,
    lat: from?.lat ?? 41.88,
    lng: from?.lng ?? -87.63,
    speed: from?.speed ?? 10,
    course: from?.course ?? 0,
    accuracy: from?.accuracy ?? 5,
    enroute: true,
    street: from?.street ?? null,
  };
}

export async function runDeviceFeed(options: FeedOptions): Promise<FeedResult> {
  const slices = options.slicesPerSecond ?? 20;
  const sliceMs = 1_000 / slices;
  const maxInFlight = options.maxInFlight ?? 4;
  const groups: LoadDevice[][] = Array.from({ length: slices }, () => []);
  options.devices.forEach((device, index) => groups[index % slices]?.push(device));
  const result: FeedResult = { sent: 0, accepted: 0, unknown: 0, failedRequests: 0, elapsedMs: 0 };
  const inFlight = new Set<Promise<void>>();
  const startedAt = performance.now();
  const totalSlices = Math.round((options.durationMs / 1_000) * slices);

  const post = async (samples: TelemetrySample[]) => {
    try {
      const answer = await postSamples(options.url, options.ingestPath, options.token, samples);
      if (answer === null) {
        result.failedRequests += 1;
        return;
      }
      result.accepted += answer.accepted;
      result.unknown += answer.unknown;
    } catch {
      result.failedRequests += 1;
    }
  };

  for (let slice = 0; slice < totalSlices; slice += 1) {
    const dueAt = startedAt + slice * sliceMs;
    const wait = dueAt - performance.now();
    if (wait > 0) await sleep(wait);
    while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    const second = Math.floor(slice / slices);
    const time = new Date().toISOString();
    const group = groups[slice % slices] ?? [];
    const samples = group.map((device, index) =>
      loadSample(device, index, { slice, second, time }, options.motion),
    );
    if (samples.length === 0) continue;
    result.sent += samples.length;
    const request = post(samples).finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  result.elapsedMs = performance.now() - startedAt;
  return result;
}
