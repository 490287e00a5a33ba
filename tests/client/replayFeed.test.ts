// The replay feed's read-ahead (docs/time-travel.md): while the replay wants more of the past it keeps the page it
// waits for and at most two more requested, every past message goes in once and in log order whatever order the
// answers come in and however wrong its guess of where a page ends, and nothing goes in once the replay has stopped
// (exit, a seek back, an organization switch): the session gives up every page asked when it steps back or ends.
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiResult } from '#client/api/httpClient.ts';
import { ReplayFeed } from '#client/live/replayFeed.ts';
import { ReplaySession } from '#client/live/replaySession.ts';

const T0 = Date.parse('2026-11-26T09:00:00Z');
/** One log position every 10 ms of recorded time; the organization hears every other one. */
const STEP_MS = 10;
const PAGE = 100;

type Asked = { after: number; to: number; answer(): void };

/**
 * The simulator's `GET /organization/history/events` over a log of the given positions, answering only when the
 * test says so: a page reads `limit` positions after `after`, up to the last position recorded at or before `to`.
 */
function pastLog(positions: number[]) {
  const asked: Asked[] = [];
  const atOf = (seq: number) => T0 + seq * STEP_MS;
  const client: ApiClient = {
    request<T>(_method: string, _path: string, options: { query?: Record<string, unknown> } = {}) {
      const after = Number(options.query?.after);
      const to = Date.parse(String(options.query?.to));
      const limit = Number(options.query?.limit);
      const until = positions.filter((seq) => atOf(seq) <= to).at(-1) ?? 0;
      const read = positions.filter((seq) => seq > after && seq <= until).slice(0, limit);
      const lastOffset = after >= until ? after : (read.at(-1) ?? until);
      const data = {
        messages: read
          .filter((seq) => seq % 2 === 0)
          .map((seq) => ({ offset: seq, at: atOf(seq), message: seq })),
        last_offset: lastOffset,
        done: lastOffset >= until,
      };
      return new Promise<ApiResult<T>>((resolve) => {
        // Answered even when aborted meanwhile: the answer may already be on its way when the feed gives up on it.
        asked.push({ after, to, answer: () => resolve({ ok: true, status: 200, value: data as T }) });
      });
    },
  };
  return { client, asked, atOf };
}

function feedOver(client: ApiClient, latest = T0 + 3_600_000) {
  const errors: string[] = [];
  const feed = new ReplayFeed({
    client,
    organizationId: 'org-1',
    afterOffset: 0,
    from: T0,
    latest: () => latest,
    onError: (message) => errors.push(message),
    pagePositions: PAGE,
  });
  return { feed, errors };
}

/** Lets the answered requests' promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function contiguous(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}

describe('the replay feed', () => {
  it('keeps the page it waits for and two more requested, and hands out every message once, in order', async () => {
    const log = pastLog(contiguous(5_000));
    const { feed, errors } = feedOver(log.client);
    const handed: unknown[] = [];
    const outstanding: Asked[] = [];
    let mostOutstanding = 0;
    // Plays on: each tick the moment moves 2 s and the answers come in, the latest asked first.
    for (let tick = 0; tick <= 30; tick += 1) {
      handed.push(...feed.due(T0 + tick * 2_000, 5_000));
      outstanding.push(...log.asked.splice(0));
      mostOutstanding = Math.max(mostOutstanding, outstanding.length);
      for (const asked of outstanding.splice(0).reverse()) asked.answer();
      await settle();
    }
    handed.push(...feed.due(T0 + 60_000, 5_000));

    expect(errors).toEqual([]);
    expect(mostOutstanding).toBe(3);
    expect(handed).toEqual(contiguous(5_000).filter((seq) => seq % 2 === 0));
  });

  it('asks for the next pages before the first answer comes, and no more than two beyond it', async () => {
    const log = pastLog(contiguous(5_000));
    const { feed } = feedOver(log.client);
    feed.due(T0, 5_000);
    feed.due(T0 + 100, 5_000);
    expect(log.asked.map(({ after }) => after)).toEqual([0, PAGE, 2 * PAGE]);
    // Nothing in hand yet: a picture past the start lacks messages (the replay's `behindMs`).
    expect(feed.coveredTo()).toBe(T0);

    log.asked.shift()?.answer();
    await settle();
    expect(log.asked.map(({ after }) => after)).toEqual([PAGE, 2 * PAGE, 3 * PAGE]);
    expect(feed.coveredTo()).toBe(log.atOf(PAGE));
  });

  it('stops asking once it holds what the moment wants, as while paused', async () => {
    const log = pastLog(contiguous(5_000));
    const { feed } = feedOver(log.client);
    for (let round = 0; round < 10; round += 1) {
      feed.due(T0, 2_000);
      for (const asked of log.asked.splice(0)) asked.answer();
      await settle();
    }
    feed.due(T0, 2_000);
    expect(log.asked).toEqual([]);
    // 2 s past the moment (200 positions, 100 messages), and at most the three pages asked meanwhile beyond it.
    const handed = feed.due(T0 + 60_000, 0);
    expect(handed.length).toBeGreaterThanOrEqual(100);
    expect(handed.length).toBeLessThanOrEqual(100 + 3 * (PAGE / 2));
  });

  it('drops pages read ahead on a wrong guess and asks again from where the page before ended', async () => {
    // Positions 151 to 400 are gone: the page after 100 reads on to 450, not to 200 as guessed.
    const positions = contiguous(2_000).filter((seq) => seq <= 150 || seq > 400);
    const log = pastLog(positions);
    const { feed, errors } = feedOver(log.client);
    const handed: unknown[] = [];
    for (let tick = 0; tick <= 30; tick += 1) {
      handed.push(...feed.due(T0 + tick * 1_000, 5_000));
      // The pages read ahead come back first.
      for (const asked of log.asked.splice(0).reverse()) asked.answer();
      await settle();
    }
    handed.push(...feed.due(T0 + 60_000, 5_000));

    expect(errors).toEqual([]);
    expect(handed).toEqual(positions.filter((seq) => seq % 2 === 0));
  });

  it('hands out nothing more once stopped, even when answers still come', async () => {
    const log = pastLog(contiguous(5_000));
    const { feed } = feedOver(log.client);
    feed.due(T0, 5_000);
    log.asked.shift()?.answer();
    await settle();
    const beforeStop = feed.due(T0 + 2_000, 5_000);
    expect(beforeStop.length).toBeGreaterThan(0);

    feed.stop();
    for (const asked of log.asked.splice(0)) asked.answer();
    await settle();
    expect(feed.due(T0 + 60_000, 5_000)).toEqual([]);
    expect(log.asked).toEqual([]);
  });

  it('stops at the first page the simulator refuses and says why', async () => {
    const asked: ((result: ApiResult<unknown>) => void)[] = [];
    const client: ApiClient = {
      request: <T>() => new Promise<ApiResult<T>>((resolve) => asked.push(resolve as never)),
    };
    const { feed, errors } = feedOver(client);
    feed.due(T0, 5_000);
    expect(asked).toHaveLength(3);
    asked[0]?.({
      ok: false,
      status: 422,
      message: 'That part of the history is no longer kept',
      body: null,
    });
    await settle();
    expect(errors).toEqual(['That part of the history is no longer kept']);
    expect(feed.due(T0 + 60_000, 5_000)).toEqual([]);
    expect(asked).toHaveLength(3);
  });
});

describe('the replay session', () => {
  it('gives up every page its feed asked for when the replay steps back and when it returns to live', async () => {
    const picture = {
      offset: 0,
      things: { data: [], meta: { page: 1, per_page: 1, total: 0 } },
      locations: null,
      closures: null,
      areas: null,
      zones: null,
    };
    const pages: AbortSignal[] = [];
    const client: ApiClient = {
      request<T>(_method: string, path: string, options: { signal?: AbortSignal } = {}) {
        if (path === '/organization/history')
          return Promise.resolve<ApiResult<T>>({ ok: true, status: 200, value: picture as T });
        if (options.signal) pages.push(options.signal);
        // Pages never answered: the replay moves on while they are on their way.
        return new Promise<ApiResult<T>>(() => undefined);
      },
    };
    const organization = {
      id: 'org-1',
      name: 'Org',
      isLargeOrg: false,
      isWzdxOrg: false,
      isResponder: true,
      countryCode: 'US',
    };
    const session = new ReplaySession(
      { client, organization, onPicture: () => undefined, onStatus: () => undefined },
      Date.now() - 3_600_000,
      10,
    );
    try {
      await vi.waitFor(() => expect(pages).toHaveLength(3));
      session.command({ kind: 'step', byMs: -60_000 });
      expect(pages.slice(0, 3).every((signal) => signal.aborted)).toBe(true);

      await vi.waitFor(() => expect(pages).toHaveLength(6));
      session.stop();
      expect(pages.every((signal) => signal.aborted)).toBe(true);
    } finally {
      session.stop();
    }
  });
});
