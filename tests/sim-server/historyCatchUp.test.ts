// A history that cannot catch up with its stream is refused (extended protocol, real socket): a client that would
// trail the live stream for good gets `reject_history` and then the live frames, each message still once and in
// order; a history that gains on the stream is served whole, then `confirm_history`, then live.
import { afterEach, describe, expect, it } from 'vitest';
import type { CableHistoryReader } from '#sim/cable/broadcaster';
import { OWN_ORG, TOKEN, TestClient, identifierOf, startCable, stopCables } from './support/cableEndpoint.ts';

afterEach(stopCables);

const SLICE_MS = 50;

/**
 * A stream as a log and a cable whose clock moves SLICE_MS with every history slice read. Each slice reads
 * `readPerSlice` positions while `publishPerSlice` more are broadcast live, for the first `busySlices` slices.
 */
async function streamWithHistory(options: {
  readPerSlice: number;
  publishPerSlice: number;
  busySlices: number;
  historyWindowMs: number;
  historyMaxMs?: number;
}) {
  let clock = 1_000_000;
  const { app, url } = await startCable({
    now: () => clock,
    flowControl: { historyWindowMs: options.historyWindowMs, historyMaxMs: options.historyMaxMs ?? 60_000 },
  });
  const stream: { offset: number; id: string }[] = [];
  const publish = (id: string) => {
    const offset = stream.length + 1;
    stream.push({ offset, id });
    app.broadcaster.broadcast(OWN_ORG, 'location', { id }, offset);
  };
  let slices = 0;
  app.broadcaster.useHistory({
    epoch: () => 'e1',
    read: () => null,
    open: (_organizationId, start): CableHistoryReader | null => {
      if (!('afterOffset' in start)) return null;
      let cursor = start.afterOffset;
      return {
        next: () => {
          slices += 1;
          clock += SLICE_MS;
          if (slices <= options.busySlices) {
            for (let index = 0; index < options.publishPerSlice; index += 1)
              publish(`during-${slices}-${index}`);
          }
          const slice = stream.filter((entry) => entry.offset > cursor).slice(0, options.readPerSlice);
          cursor = slice.at(-1)?.offset ?? cursor;
          return {
            offsets: slice.map((entry) => entry.offset),
            messages: slice.map((entry) => JSON.stringify({ type: 'location', data: { id: entry.id } })),
            lastOffset: cursor,
            done: cursor >= stream.length,
          };
        },
      };
    },
  });
  return { url, stream, publish };
}

/** Subscribes from `offset`, reads until the history's answer, then until `untilId` arrives live. */
async function resumeFrom(url: string, offset: number, publishLive: () => string) {
  const client = await TestClient.open(url, ['actioncable-v1-ext-json', TOKEN]);
  expect(await client.next()).toMatchObject({ type: 'welcome' });
  client.send(
    JSON.stringify({
      command: 'subscribe',
      identifier: identifierOf(OWN_ORG),
      history: { streams: { [`events:${OWN_ORG}`]: { epoch: 'e1', offset } } },
    }),
  );
  expect(await client.next()).toMatchObject({ type: 'confirm_subscription' });
  const history: { id: string; offset: number }[] = [];
  let answer: unknown;
  for (;;) {
    const frame = await client.next();
    if (frame.type === 'confirm_history' || frame.type === 'reject_history') {
      answer = frame.type;
      break;
    }
    const { data } = frame.message as { data: { id: string } };
    history.push({ id: data.id, offset: frame.offset as number });
  }
  const liveId = publishLive();
  const live: { id: string; offset: number }[] = [];
  for (;;) {
    const frame = await client.next();
    const { data } = frame.message as { data: { id: string } };
    live.push({ id: data.id, offset: frame.offset as number });
    if (data.id === liveId) break;
  }
  return { answer, history, live };
}

const isIncreasing = (offsets: number[]) =>
  offsets.every((offset, index) => index === 0 || offset > (offsets[index - 1] ?? -1));

describe('a history that cannot catch up (extended protocol)', () => {
  it('is refused once it has not gained on the live stream for a whole window, and live frames follow', async () => {
    // Two positions are broadcast for every one the history reads: it falls further behind with every slice.
    const { url, stream, publish } = await streamWithHistory({
      readPerSlice: 1,
      publishPerSlice: 2,
      busySlices: 1_000,
      historyWindowMs: 4 * SLICE_MS,
    });
    for (let index = 0; index < 5; index += 1) publish(`before-${index}`);
    const { answer, history, live } = await resumeFrom(url, 1, () => {
      publish('after');
      return 'after';
    });
    expect(answer).toBe('reject_history');
    // Refused within two windows, not served for ever.
    expect(history.length).toBeGreaterThan(0);
    expect(history.length).toBeLessThanOrEqual(10);
    expect(history.map((entry) => entry.id)).toEqual(
      stream.slice(1, 1 + history.length).map((entry) => entry.id),
    );
    // After the refusal only live frames, none of them one the history had sent.
    expect(live.at(-1)).toMatchObject({ id: 'after', offset: stream.length });
    const allOffsets = [...history, ...live].map((entry) => entry.offset);
    expect(isIncreasing(allOffsets)).toBe(true);
  });

  it('is refused when it is still short of the live end after the longest a history may take', async () => {
    // It gains, one position a slice, but would take far longer than the limit to get there.
    const { url, publish } = await streamWithHistory({
      readPerSlice: 2,
      publishPerSlice: 1,
      busySlices: 1_000,
      historyWindowMs: 2 * SLICE_MS,
      historyMaxMs: 20 * SLICE_MS,
    });
    for (let index = 0; index < 200; index += 1) publish(`before-${index}`);
    const { answer, history } = await resumeFrom(url, 0, () => {
      publish('after');
      return 'after';
    });
    expect(answer).toBe('reject_history');
    expect(history.length).toBeLessThanOrEqual(2 * 22);
  });

  it('serves a history that gains on the stream whole: each message once, in order, then live', async () => {
    // Three positions read for every one broadcast meanwhile, for the first 10 slices; the history gets there.
    const { url, stream, publish } = await streamWithHistory({
      readPerSlice: 3,
      publishPerSlice: 1,
      busySlices: 10,
      historyWindowMs: 2 * SLICE_MS,
    });
    for (let index = 0; index < 30; index += 1) publish(`before-${index}`);
    const { answer, history, live } = await resumeFrom(url, 4, () => {
      publish('after');
      return 'after';
    });
    expect(answer).toBe('confirm_history');
    const expected = stream.filter((entry) => entry.offset > 4 && entry.id !== 'after');
    expect(history).toEqual(expected.map(({ id, offset }) => ({ id, offset })));
    expect(live).toEqual([{ id: 'after', offset: stream.length }]);
  });
});
