// Replay mode in the worker (docs/time-travel.md): a second live pipeline, fed not by the provider's REST and cable
// but by the organization's picture at a past moment (`GET /organization/history`) and the cable messages that
// followed it, handed in at the replayed moment's pace. It is the same pipeline with the same rules; its clock is
// the replayed moment, so online, offline and "Last check-in" read as they did then. The live pipeline keeps
// running beside it, its stream paused (livePause.ts); the session (liveWorker.ts) shows this one's pictures until
// the user returns to live.
import { asyncScheduler, Observable, of, Subject, type SchedulerLike, type Subscription } from 'rxjs';
import type { ViewedOrganization } from '#domain/live/liveEvents';
import type { LivePicture } from '#domain/live/livePicture';
import { createLivePipeline, type CableSignal, type LiveSources } from '#domain/pipeline/livePipeline';
import type { ApiClient } from '../api/httpClient.ts';
import type { ReplayCommand, ReplayStatus } from './liveProtocol.ts';
import { ReplayClock } from './replayClock.ts';
import { ReplayFeed } from './replayFeed.ts';

type PastPictureBody = {
  offset: number;
  things: unknown;
  locations: unknown;
  closures: unknown;
  areas: unknown;
  zones: unknown;
};

function isPastPicture(body: unknown): body is PastPictureBody {
  return typeof body === 'object' && body !== null && 'offset' in body && 'things' in body;
}

/** How often the replayed moment moves forward and due messages go in (wall ms). */
const TICK_MS = 100;
/**
 * Status messages at most this often while playing (wall ms): the banner shows seconds, and each status renders the
 * replay bar on the page's main thread, which at 10,000 assets draws a frame only every second or two.
 */
const STATUS_EVERY_MS = 1_000;

export type ReplaySessionOptions = {
  client: ApiClient;
  organization: ViewedOrganization;
  onPicture(picture: LivePicture): void;
  onStatus(status: ReplayStatus): void;
};

export class ReplaySession {
  private clock: ReplayClock;
  private feed: ReplayFeed | null = null;
  private pipeline: Subscription | null = null;
  private cable: Subject<CableSignal> | null = null;
  private loading: AbortController | null = null;
  private readonly ticker: ReturnType<typeof setInterval>;
  private lastStatusAt = 0;
  private ready = false;

  constructor(
    private readonly options: ReplaySessionOptions,
    at: number,
    speed: number,
  ) {
    this.clock = new ReplayClock(at, speed);
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.open(at);
  }

  /** The replayed moment. */
  now(): number {
    return this.clock.now(Date.now());
  }

  command(command: Exclude<ReplayCommand, { kind: 'exit' }>): void {
    const wall = Date.now();
    switch (command.kind) {
      case 'open':
        this.clock = new ReplayClock(command.at, command.speed);
        this.open(command.at);
        return;
      case 'play':
        this.clock.play(wall);
        break;
      case 'pause':
        this.clock.pause(wall);
        break;
      case 'speed':
        this.clock.setSpeed(command.speed, wall);
        break;
      case 'step': {
        const target = Math.min(this.clock.now(wall) + command.byMs, Date.now());
        // Forward, the messages in between go in as the feed brings them; back, the picture is built anew.
        if (command.byMs < 0) {
          this.clock.moveTo(target, wall);
          this.open(target);
          return;
        }
        this.clock.moveTo(target, wall);
        break;
      }
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
    this.postStatus();
  }

  stop(): void {
    clearInterval(this.ticker);
    this.close();
  }

  private close(): void {
    this.loading?.abort();
    this.loading = null;
    this.feed?.stop();
    this.feed = null;
    this.pipeline?.unsubscribe();
    this.pipeline = null;
    this.cable = null;
    this.ready = false;
  }

  private open(at: number): void {
    this.close();
    const abort = new AbortController();
    this.loading = abort;
    this.options.onStatus({ phase: 'loading', at, speed: this.clock.speed });
    const { client, organization } = this.options;
    void client
      .request('GET', '/organization/history', {
        query: { organization_id: organization.id, at: new Date(at).toISOString() },
        signal: abort.signal,
      })
      .then((result) => {
        if (abort.signal.aborted) return;
        this.loading = null;
        if (!result.ok || !isPastPicture(result.value)) {
          this.options.onStatus({
            phase: 'error',
            message: result.ok ? 'The history could not be read' : result.message,
          });
          return;
        }
        this.start(at, result.value);
      })
      // Aborted: a newer open or the end of the replay took its place.
      .catch(() => undefined);
  }

  private start(at: number, body: PastPictureBody): void {
    const { client, organization } = this.options;
    this.feed = new ReplayFeed({
      client,
      organizationId: organization.id,
      afterOffset: body.offset,
      from: at,
      latest: () => Date.now(),
      onError: (message) => this.options.onStatus({ phase: 'error', message }),
    });
    const cable = new Subject<CableSignal>();
    this.cable = cable;
    const answer = (part: unknown) => (): Observable<unknown> => of(part);
    const emptyPage = { data: [], meta: { page: 1, per_page: 1, total: 0 } };
    const sources: LiveSources = {
      // Streams whatever its size: a replay has no polling to fall back on.
      organization$: of({ ...organization, isLargeOrg: false }),
      // Resumed: the pipeline loads nothing more after the picture; the messages bring every change.
      openCable: () =>
        new Observable<CableSignal>((subscriber) => {
          const connected = setTimeout(() => subscriber.next({ kind: 'connected', resumed: true }), 0);
          const forwarding = cable.subscribe(subscriber);
          return () => {
            clearTimeout(connected);
            forwarding.unsubscribe();
          };
        }),
      fetchThingsPage: ({ since }) => of(since === null ? body.things : emptyPage),
      ...(body.locations !== null && { fetchLocations: answer(body.locations) }),
      ...(body.closures !== null && { fetchClosures: answer(body.closures) }),
      ...(body.areas !== null && { fetchAreas: answer(body.areas) }),
      ...(body.zones !== null && { fetchZones: answer(body.zones) }),
    };
    const scheduler: SchedulerLike = {
      now: () => this.now(),
      schedule: asyncScheduler.schedule.bind(asyncScheduler) as SchedulerLike['schedule'],
    };
    this.pipeline = createLivePipeline({ scheduler, sources }).picture$.subscribe((picture) =>
      this.options.onPicture(picture),
    );
    this.ready = true;
    this.postStatus();
  }

  private tick(): void {
    if (!this.ready || this.feed === null) return;
    const wall = Date.now();
    if (this.clock.playing && this.clock.now(wall) >= wall) this.clock.pause(wall);
    const now = this.clock.now(wall);
    const due = this.feed.due(now, this.clock.speed * 5_000);
    for (const message of due) this.cable?.next({ kind: 'message', message });
    if (this.clock.playing && wall - this.lastStatusAt >= STATUS_EVERY_MS) this.postStatus();
  }

  private postStatus(): void {
    this.lastStatusAt = Date.now();
    if (!this.ready) return;
    const at = this.now();
    this.options.onStatus({
      phase: 'ready',
      at,
      speed: this.clock.speed,
      playing: this.clock.playing,
      behindMs: Math.max(0, at - (this.feed?.coveredTo() ?? at)),
    });
  }
}
