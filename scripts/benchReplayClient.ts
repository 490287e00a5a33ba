// bench:replay's replay client (scripts/benchReplay.ts): the live worker's own ReplaySession and MarkerPacker run
// in this process against the forked simulator (benchReplayWorld.ts), and plain requests timed stage by stage: a
// past picture, pages of past messages, and playing at a speed.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { LivePicture } from '#domain/live/livePicture';
import { createApiClient, type ApiClient } from '../client/api/httpClient.ts';
import { MarkerPacker } from '../client/live/markerPacker.ts';
import { ReplaySession } from '../client/live/replaySession.ts';

/** What the simulator process sends once its world and hour are in place. */
export type Served = {
  url: string;
  token: string;
  organizationId: string;
  heard: number;
  hourStart: number;
  positions: number;
  /** Seconds spent appending the telemetry; null when a kept file was served as it was. */
  appendSeconds: number | null;
  checkpoints: number;
  checkpointMs: number;
  /** Bytes the checkpoints take (their blobs), and the things in the newest. */
  checkpointBytes: number;
  checkpointThings: number;
  /** When each checkpoint was taken (unix ms). */
  checkpointTimes: number[];
};

/**
 * Counts the past messages the client fetched, by their log offset (a page read ahead on a wrong guess is fetched
 * again from the right offset: its messages count once), and times its past-picture requests.
 */
function countingClient(
  client: ApiClient,
  fetched: Map<number, FetchedOffset>,
  requests: { picture: number[]; events: number[]; onEvents: () => void },
): ApiClient {
  return {
    async request(method, requestPath, options) {
      const requested = performance.now();
      const result = await client.request(method, requestPath, options);
      const spent = performance.now() - requested;
      if (requestPath === '/organization/history') requests.picture.push(spent);
      if (requestPath === '/organization/history/events') {
        requests.events.push(spent);
        requests.onEvents();
      }
      if (result.ok && requestPath === '/organization/history/events') {
        const page = new Map<number, FetchedOffset>();
        for (const { offset, at } of (result.value as { messages: { offset: number; at: number }[] })
          .messages)
          page.set(offset, { at, messages: (page.get(offset)?.messages ?? 0) + 1 });
        for (const [offset, counted] of page) fetched.set(offset, counted);
      }
      return result as never;
    },
  };
}

/** The messages fetched at one log offset and their time. */
type FetchedOffset = { at: number; messages: number };

export type Opening = {
  totalMs: number;
  timing: string;
  transferMs: number;
  decodeMs: number;
  bytes: number;
  /** The picture's log offset: its past messages follow it. */
  offset: number;
};

/** One GET /api/organization/history, stage by stage. */
export async function openOnce(served: Served, at: number): Promise<Opening> {
  const query = `organization_id=${served.organizationId}&at=${new Date(at).toISOString()}`;
  const requested = performance.now();
  const response = await fetch(`${served.url}/api/organization/history?${query}`, {
    headers: { authorization: `Bearer ${served.token}` },
  });
  const headersAt = performance.now();
  const text = await response.text();
  const receivedAt = performance.now();
  const picture = JSON.parse(text) as { offset: number };
  const decodedAt = performance.now();
  return {
    totalMs: decodedAt - requested,
    timing: (response.headers.get('server-timing') ?? '').replace(/;dur=/g, ' ').replace(/;desc=/g, ' '),
    transferMs: receivedAt - headersAt,
    decodeMs: decodedAt - receivedAt,
    bytes: text.length,
    offset: picture.offset,
  };
}

export type PageTiming = {
  /** Request to response headers: the page is built before its first byte is sent. */
  serverMs: number;
  transferMs: number;
  decodeMs: number;
  /** The simulator process's CPU time from before the request to after the response was read. */
  serverCpuMs: number;
  bytes: number;
  messages: number;
  positions: number;
};

/**
 * `count` consecutive pages of past messages after `afterOffset`, each reading `positions` log positions, as the
 * replay feed asks for them (each page starts where the previous ended); `serverCpuMs` reads the simulator's CPU.
 */
export async function timePages(
  served: Served,
  afterOffset: number,
  to: number,
  positions: number,
  count: number,
  serverCpuMs: () => Promise<number>,
): Promise<PageTiming[]> {
  const pages: PageTiming[] = [];
  let after = afterOffset;
  for (let page = 0; page < count; page += 1) {
    const query =
      `organization_id=${served.organizationId}&after=${after}&to=${new Date(to).toISOString()}` +
      `&limit=${positions}`;
    const cpuBefore = await serverCpuMs();
    const requested = performance.now();
    const response = await fetch(`${served.url}/api/organization/history/events?${query}`, {
      headers: { authorization: `Bearer ${served.token}` },
    });
    const headersAt = performance.now();
    const text = await response.text();
    if (!response.ok) throw new Error(`GET history/events answered ${response.status}: ${text}`);
    const receivedAt = performance.now();
    const body = JSON.parse(text) as { messages: unknown[]; last_offset: number; done: boolean };
    const decodedAt = performance.now();
    const serverCpu = (await serverCpuMs()) - cpuBefore;
    pages.push({
      serverMs: headersAt - requested,
      transferMs: receivedAt - headersAt,
      decodeMs: decodedAt - receivedAt,
      serverCpuMs: serverCpu,
      bytes: text.length,
      messages: body.messages.length,
      positions: body.last_offset - after,
    });
    after = body.last_offset;
    if (body.done) break;
  }
  return pages;
}

export type Opened = {
  session: ReplaySession;
  firstPictureMs: number;
  requestMs: number;
  /** The first page of past messages: its request and decoding, ms. */
  eventsPageMs: number;
  fetched: Map<number, FetchedOffset>;
};

/** The worker's replay session opened at `at`, once its first loaded picture is packed into markers. */
export async function openSession(
  served: Served,
  at: number,
  speed: number,
  onPicture: () => void,
): Promise<Opened> {
  const api = createApiClient({ baseUrl: `${served.url}/api`, getToken: () => served.token });
  const fetched = new Map<number, FetchedOffset>();
  let onEvents: () => void = () => undefined;
  const firstEvents = new Promise<void>((resolve) => {
    onEvents = resolve;
  });
  const requests = { picture: [] as number[], events: [] as number[], onEvents: () => onEvents() };
  const markers = new MarkerPacker();
  const opened = performance.now();
  let resolveFirst: (ms: number) => void = () => undefined;
  const first = new Promise<number>((resolve) => {
    resolveFirst = resolve;
  });
  let firstSeen = false;
  const organization = { id: served.organizationId, name: 'bench', isLargeOrg: false, isWzdxOrg: false };
  const session = new ReplaySession(
    {
      client: countingClient(api, fetched, requests),
      organization: { ...organization, isResponder: true, countryCode: 'US' },
      onPicture: (picture: LivePicture) => {
        markers.note(picture);
        markers.pack(picture);
        onPicture();
        if (!firstSeen && picture.loaded.things && picture.things.size > 0) {
          firstSeen = true;
          resolveFirst(performance.now() - opened);
        }
      },
      onStatus: () => undefined,
    },
    at,
    speed,
  );
  const firstPictureMs = await first;
  await firstEvents;
  return {
    session,
    firstPictureMs,
    requestMs: requests.picture[0] ?? Number.NaN,
    eventsPageMs: requests.events[0] ?? Number.NaN,
    fetched,
  };
}

export type Played = {
  wallSeconds: number;
  replayedSeconds: number;
  /** Past messages whose time the replay passed (those it fetched in time to apply). */
  applied: number;
  pictures: number;
  cpuMs: number;
  longestBlockMs: number;
};

/** Plays from `at` for `playSeconds` of wall time: messages applied, pictures, CPU, longest block. */
export async function play(served: Served, at: number, speed: number, playSeconds: number): Promise<Played> {
  let pictures = 0;
  const opened = await openSession(served, at, speed, () => {
    pictures += 1;
  });
  const { session } = opened;
  pictures = 0;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpuStarted = process.cpuUsage();
  const playStarted = performance.now();
  const replayStarted = session.now();
  session.command({ kind: 'play' });
  await new Promise((resolve) => setTimeout(resolve, playSeconds * 1000));
  const wallSeconds = (performance.now() - playStarted) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  delay.disable();
  const replayedTo = session.now();
  session.stop();
  return {
    wallSeconds,
    replayedSeconds: (replayedTo - replayStarted) / 1000,
    applied: [...opened.fetched.values()]
      .filter(({ at }) => at > replayStarted && at <= replayedTo)
      .reduce((sum, { messages }) => sum + messages, 0),
    pictures,
    cpuMs: (cpu.user + cpu.system) / 1000,
    longestBlockMs: delay.max / 1e6,
  };
}
