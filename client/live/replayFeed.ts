// The past cable messages of a replay, fetched ahead of the replayed moment a page at a time
// (`GET /organization/history/events`, docs/time-travel.md) and handed out in log order once their time has come.
// The worker's replay session asks `due(now)` every tick; while what the feed holds reaches less than `lookaheadMs`
// past the moment, it keeps up to `readAhead` pages requested beyond the one it waits for, so a slow round trip
// overlaps the next ones instead of stalling the pace (at 10× a page covers a fifth of a second).
//
// A page starts after the previous page's `last_offset`, which only its answer gives. A page read ahead is asked
// from where the one before it would end if full (`after` + page positions, as the log's positions follow one
// another) and is used only when that guess proves true; otherwise it and those behind it are dropped and asked
// again from the true offset. So pages go in exactly once and in order whatever the guesses.
import type { ApiClient, ApiResult } from '../api/httpClient.ts';

type PastMessage = { offset: number; at: number; message: unknown };
type PastMessagesPage = { messages: PastMessage[]; last_offset: number; done: boolean };

function isPage(body: unknown): body is PastMessagesPage {
  return (
    typeof body === 'object' &&
    body !== null &&
    'messages' in body &&
    Array.isArray(body.messages) &&
    'last_offset' in body &&
    typeof body.last_offset === 'number'
  );
}

export type ReplayFeedOptions = {
  client: ApiClient;
  organizationId: string;
  /** The past picture's log offset: the messages after it follow. */
  afterOffset: number;
  /** The past picture's moment: messages are fetched from there on. */
  from: number;
  /** The latest moment a page may reach (the present, as this browser sees it). */
  latest(): number;
  onError(message: string): void;
  /** Pages kept requested beyond the one the feed waits for (default `READ_AHEAD_PAGES`). */
  readAhead?: number;
  /** Log positions one page reads at most (default `PAGE_POSITIONS`). */
  pagePositions?: number;
};

/** How much replayed time the feed asks for at least beyond the moment it has reached. */
const MIN_PAGE_MS = 10_000;
/**
 * Log positions one page reads at most: about 20,000 messages, a few MB of JSON, so that parsing one page holds the
 * worker for tens of milliseconds rather than the half second a 100,000-position page took (npm run bench:replay).
 */
export const PAGE_POSITIONS = 20_000;
/**
 * Two pages ahead: one hides a round trip as long as a page's share of wall time, the second a round trip that
 * a loaded machine stretches to twice that; more would only hold more memory and simulator time for a replay
 * that may be paused or moved.
 */
export const READ_AHEAD_PAGES = 2;

type PageRequest = {
  after: number;
  to: number;
  abort: AbortController;
  answer: ApiResult<unknown> | null;
};

export class ReplayFeed {
  private readonly queue: PastMessage[] = [];
  private head = 0;
  /** The offset the next page to go in must start after. */
  private afterOffset: number;
  /** Everything up to about this moment is fetched (in the queue or handed out). */
  private fetchedTo: number;
  /** Requested pages in log order: the first is the one the feed waits for, the rest are read ahead. */
  private readonly requests: PageRequest[] = [];
  private readonly readAhead: number;
  private readonly pagePositions: number;
  private wanted = { now: 0, lookaheadMs: 0 };
  private stopped = false;

  constructor(private readonly options: ReplayFeedOptions) {
    this.afterOffset = options.afterOffset;
    this.fetchedTo = options.from;
    this.readAhead = Math.max(0, options.readAhead ?? READ_AHEAD_PAGES);
    this.pagePositions = options.pagePositions ?? PAGE_POSITIONS;
  }

  /** The messages whose time has come by `now`, in order; fetches ahead when the queue runs short. */
  due(now: number, lookaheadMs: number): unknown[] {
    const out: unknown[] = [];
    while (this.head < this.queue.length) {
      const next = this.queue[this.head];
      if (next === undefined || next.at > now) break;
      out.push(next.message);
      this.head += 1;
    }
    if (this.head > 4_096 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    this.wanted = { now, lookaheadMs };
    this.request();
    return out;
  }

  /** Every message up to this moment has been fetched: a picture at a later moment lacks some. */
  coveredTo(): number {
    return this.fetchedTo;
  }

  stop(): void {
    this.stopped = true;
    this.dropRequestsFrom(0);
  }

  /** Asks for pages until the one waited for and `readAhead` more are requested, while more time is wanted. */
  private request(): void {
    const { now, lookaheadMs } = this.wanted;
    while (!this.stopped && this.requests.length <= this.readAhead && this.fetchedTo < now + lookaheadMs) {
      const latest = this.options.latest();
      if (this.fetchedTo >= latest) return;
      const last = this.requests[this.requests.length - 1];
      const after = last === undefined ? this.afterOffset : last.after + this.pagePositions;
      const to = Math.min(latest, Math.max(now, this.fetchedTo) + Math.max(MIN_PAGE_MS, 2 * lookaheadMs));
      this.send({ after, to, abort: new AbortController(), answer: null });
    }
  }

  private send(page: PageRequest): void {
    this.requests.push(page);
    void this.options.client
      .request('GET', '/organization/history/events', {
        query: {
          organization_id: this.options.organizationId,
          after: page.after,
          to: new Date(page.to).toISOString(),
          limit: this.pagePositions,
        },
        signal: page.abort.signal,
      })
      .then((answer) => {
        if (page.abort.signal.aborted) return;
        page.answer = answer;
        this.takeAnswered();
      })
      // Aborted: the replay moved elsewhere or ended, or a guess proved wrong.
      .catch(() => undefined);
  }

  /** Puts in the answered pages at the front, in order, then asks for more. */
  private takeAnswered(): void {
    for (let page = this.requests[0]; page?.answer; page = this.requests[0]) {
      this.requests.shift();
      const { answer } = page;
      if (!answer.ok || !isPage(answer.value)) {
        this.stop();
        this.options.onError(answer.ok ? 'The history could not be read' : answer.message);
        return;
      }
      const { messages, last_offset: lastOffset, done } = answer.value;
      for (const message of messages) this.queue.push(message);
      this.afterOffset = lastOffset;
      // Not done: the log is in time order, so the page reached at least its last message's time.
      const reached = done ? page.to : (messages[messages.length - 1]?.at ?? this.fetchedTo);
      this.fetchedTo = Math.max(this.fetchedTo, reached);
      const next = this.requests[0];
      if (next !== undefined && next.after !== lastOffset) this.dropRequestsFrom(0);
    }
    this.request();
  }

  private dropRequestsFrom(index: number): void {
    for (const page of this.requests.splice(index)) page.abort.abort();
  }
}
