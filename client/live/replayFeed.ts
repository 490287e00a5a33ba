// The past cable messages of a replay, fetched ahead of the replayed moment a page at a time
// (`GET /organization/history/events`, docs/time-travel.md) and handed out in log order once their time has come.
// The worker's replay session asks `due(now)` every tick; the feed fetches the next page when what it holds
// reaches less than `lookaheadMs` past the moment.
import type { ApiClient } from '../api/httpClient.ts';

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
};

/** How much replayed time one page asks for at least, and how far ahead of the moment the feed keeps. */
const MIN_PAGE_MS = 10_000;
/**
 * Log positions one page reads at most: about 20,000 messages, a few MB of JSON, so that parsing one page holds the
 * worker for tens of milliseconds rather than the half second a 100,000-position page took (npm run bench:replay).
 */
const PAGE_POSITIONS = 20_000;

export class ReplayFeed {
  private readonly queue: PastMessage[] = [];
  private head = 0;
  private afterOffset: number;
  /** Everything up to this moment is fetched (in the queue or handed out). */
  private fetchedTo: number;
  private pageTo: number | null = null;
  private fetching: AbortController | null = null;
  private failed = false;

  constructor(private readonly options: ReplayFeedOptions) {
    this.afterOffset = options.afterOffset;
    this.fetchedTo = options.from;
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
    if (this.fetchedTo < now + lookaheadMs) this.fetchMore(now, lookaheadMs);
    return out;
  }

  stop(): void {
    this.fetching?.abort();
    this.fetching = null;
    this.failed = true;
  }

  private fetchMore(now: number, lookaheadMs: number): void {
    if (this.fetching !== null || this.failed) return;
    const latest = this.options.latest();
    if (this.fetchedTo >= latest) return;
    this.pageTo ??= Math.min(latest, Math.max(now, this.fetchedTo) + Math.max(MIN_PAGE_MS, 2 * lookaheadMs));
    const to = this.pageTo;
    const abort = new AbortController();
    this.fetching = abort;
    void this.options.client
      .request('GET', '/organization/history/events', {
        query: {
          organization_id: this.options.organizationId,
          after: this.afterOffset,
          to: new Date(to).toISOString(),
          limit: PAGE_POSITIONS,
        },
        signal: abort.signal,
      })
      .then((result) => {
        if (abort.signal.aborted) return;
        this.fetching = null;
        if (!result.ok || !isPage(result.data)) {
          this.failed = true;
          this.options.onError(result.ok ? 'The history could not be read' : result.errorText);
          return;
        }
        for (const message of result.data.messages) this.queue.push(message);
        this.afterOffset = result.data.last_offset;
        if (result.data.done) {
          this.fetchedTo = to;
          this.pageTo = null;
        }
      })
      // Aborted: the replay moved elsewhere or ended.
      .catch(() => undefined);
  }
}
