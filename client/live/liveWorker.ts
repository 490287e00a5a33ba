// The live worker's entry (docs/live-worker.md): everything between the provider and the screens runs here, off
// the page's main thread — the cable socket with its reconnects, the REST snapshot and incremental loads, message
// decoding, the 1 s batches and the domain pipeline. The page gets one frame at a time: a frame is sent only when
// the page has drawn the previous one, and pictures that arrive meanwhile are folded into the next frame, so a
// page that is not drawing (a hidden tab) queues nothing.
import { asyncScheduler, BehaviorSubject, distinctUntilChanged, Subject, type Subscription } from 'rxjs';
import type { LiveEvent, ViewedOrganization } from '#domain/live/liveEvents';
import type { LivePicture } from '#domain/live/livePicture';
import { createLivePipeline } from '#domain/pipeline/livePipeline';
import { startOfDayInZone } from '#domain/units/zonedTime';
import { createApiClient } from '../api/httpClient.ts';
import { AlarmsCollection } from './alarmsCollection.ts';
import { CollectionsView } from './collectionsView.ts';
import { liveEventOfWrite } from './collectionWrites.ts';
import { EventsView } from './eventsView.ts';
import { createLiveSources } from './liveSources.ts';
import {
  transferablesOf,
  type PageMessage,
  type ReplayCommand,
  type WorkerConfig,
  type WorkerMessage,
} from './liveProtocol.ts';
import { LivePause } from './livePause.ts';
import { ListView } from './listView.ts';
import { MapView } from './mapView.ts';
import { MarkerPacker } from './markerPacker.ts';
import { OwnEchoes } from './ownEchoes.ts';
import { pictureFrameOf } from './pictureFrame.ts';
import { ReplaySession } from './replaySession.ts';
import { sameOrganization } from './viewedOrganization.ts';

/** How often the alarm queue is read while the live stream is paused for a replay (no cable keeps it). */
const ALARM_POLL_MS = 10_000;

/** The browser's time zone: "Today" starts at its midnight. */
const LOCAL_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function post(message: WorkerMessage): void {
  self.postMessage(message, { transfer: transferablesOf(message) });
}

/** One signed-in page's live picture: started by `start`, ended by `stop`. */
class LiveSession {
  private token: string;
  private readonly organization$: BehaviorSubject<ViewedOrganization | null>;
  /** The user's own writes (collectionWrites.ts), for the pipeline's command results. */
  private readonly commandResults$ = new Subject<{ organizationId: string; event: LiveEvent }>();
  private readonly subscription: Subscription;
  private readonly markers = new MarkerPacker();
  private readonly list = new ListView();
  private readonly map = new MapView();
  private readonly events = new EventsView();
  private readonly collections = new CollectionsView();
  /** The page's latest write applied to the picture, until the collections that show it are sent. */
  private appliedWrite: number | null = null;
  private readonly alarms: AlarmsCollection;
  /** The cable echoes of the user's own saved closures, dropped unread (ownEchoes.ts). */
  private readonly ownEchoes = new OwnEchoes();
  private picture: LivePicture | null = null;
  /** The live pipeline's latest picture, kept while a replay is shown so that returning to live shows it at once. */
  private livePicture: LivePicture | null = null;
  private replay: ReplaySession | null = null;
  /** The live stream is paused while a replay is shown; the alarm queue is read on a timer meanwhile. */
  private readonly livePause = new LivePause();
  private alarmPoll: ReturnType<typeof setInterval> | null = null;
  private readonly client: ReturnType<typeof createApiClient>;
  private selectedId: string | null = null;
  private seq = 0;
  /** The frame the page has not acknowledged yet; no other is sent before it is. */
  private inFlight: number | null = null;
  private pending = false;
  private resetPending = false;

  constructor(config: WorkerConfig, organization: ViewedOrganization | null) {
    this.token = config.token;
    this.organization$ = new BehaviorSubject(organization);
    this.client = createApiClient({ baseUrl: config.apiBaseUrl, getToken: () => this.token });
    this.alarms = new AlarmsCollection(this.client, new Set(config.permissions), (alarms) =>
      post({ type: 'alarms', alarms }),
    );
    this.alarms.watch(organization?.id ?? null);
    const sources = createLiveSources({
      client: this.client,
      alarms: this.alarms,
      ownEchoes: this.ownEchoes,
      cableUrl: config.cableUrl,
      getToken: () => this.token,
      permissions: new Set(config.permissions),
      onUnauthorized: () => post({ type: 'unauthorized' }),
      onCableStatus: (status) => post({ type: 'cableStatus', status }),
      pause: this.livePause,
    });
    const pipeline = createLivePipeline({
      scheduler: asyncScheduler,
      sources: {
        ...sources,
        organization$: this.organization$.pipe(distinctUntilChanged(sameOrganization)),
        commandResults$: this.commandResults$,
      },
    });
    this.subscription = pipeline.picture$.subscribe((picture) => {
      this.livePicture = picture;
      if (this.replay === null) this.accept(picture);
    });
  }

  handle(message: Exclude<PageMessage, { type: 'start' | 'stop' }>): void {
    switch (message.type) {
      case 'token':
        this.token = message.token;
        return;
      case 'organization':
        this.exitReplay();
        this.organization$.next(message.organization);
        this.alarms.watch(message.organization?.id ?? null);
        return;
      case 'drawn':
        if (message.seq === this.inFlight) this.inFlight = null;
        this.flush();
        return;
      case 'search':
        this.list.setSearch(message.text);
        this.changed();
        return;
      case 'listWindow':
        this.list.setWindow(message.window);
        if (this.picture && !this.resetPending) {
          const rows = this.list.rowsInWindow(this.picture);
          if (rows.length > 0) post({ type: 'rows', rows });
        }
        return;
      case 'select':
        this.selectedId = message.thingId;
        this.changed();
        return;
      case 'eventsView':
        this.events.setRequest(message.view);
        if (this.picture && !this.resetPending) this.postEvents(this.picture);
        return;
      case 'listFilter':
        this.list.setFilter(message.filter);
        this.changed();
        return;
      case 'mapView':
        this.map.setRequest(message.view);
        if (this.picture && !this.resetPending) {
          const popups = this.map.popups(this.picture);
          post({ type: 'popups', popups });
          this.map.markPopupsSent(popups);
        }
        this.changed();
        return;
      case 'collections':
        this.collections.watch(message.names);
        if (this.picture && !this.resetPending) this.postCollections(this.picture);
        return;
      case 'write':
        this.applyWrite(message);
        return;
      case 'alarmsAcknowledged':
        this.alarms.changed({ kind: 'acknowledged', ...message });
        return;
      case 'replay':
        this.commandReplay(message.command);
        return;
      default: {
        const unhandled: never = message;
        return unhandled;
      }
    }
  }

  stop(): void {
    this.alarms.stop();
    if (this.alarmPoll !== null) clearInterval(this.alarmPoll);
    this.replay?.stop();
    this.subscription.unsubscribe();
  }

  /** Replay mode (replaySession.ts): its pictures go through the same views until the user returns to live. */
  private commandReplay(command: ReplayCommand): void {
    if (command.kind === 'exit') {
      this.exitReplay();
      return;
    }
    if (this.replay !== null) {
      this.replay.command(command);
      return;
    }
    const organization = this.organization$.value;
    if (command.kind !== 'open' || organization === null) return;
    this.replay = new ReplaySession(
      {
        client: this.client,
        organization,
        onPicture: (picture) => this.accept(picture),
        onStatus: (status) => post({ type: 'replayStatus', status }),
      },
      command.at,
      command.speed,
    );
    this.pauseLive(true);
  }

  /**
   * While a replay is shown the live stream is paused: at 10,000 assets it would cost the browser as much as the
   * replay itself (docs/time-travel.md "The live stream while replaying"). It resumes from where it stopped, so
   * nothing is missed; the alarm queue (the navigation's count), which must not wait for the return, is read every
   * `ALARM_POLL_MS` meanwhile.
   */
  private pauseLive(paused: boolean): void {
    this.livePause.set(paused);
    if (this.alarmPoll !== null) clearInterval(this.alarmPoll);
    this.alarmPoll = paused ? setInterval(() => this.alarms.readAgain(), ALARM_POLL_MS) : null;
  }

  private exitReplay(): void {
    if (this.replay === null) return;
    this.replay.stop();
    this.replay = null;
    this.pauseLive(false);
    post({ type: 'replayStatus', status: { phase: 'off' } });
    // The views start over from the live picture as the pause left it; the resumed stream brings it up to date.
    if (this.livePicture !== null) {
      this.accept({ ...this.livePicture, changes: { ...this.livePicture.changes, reset: true } });
    }
  }

  /**
   * Applies the page's write to the live picture (its answer decoded here, once) and answers at once with the
   * collections that now hold it, so the screen that saved shows the saved record without reading its list again.
   */
  private applyWrite(message: Extract<PageMessage, { type: 'write' }>): void {
    const live = this.livePicture;
    const event = live === null ? null : liveEventOfWrite(message.write, live, Date.now());
    if (event !== null) this.commandResults$.next({ organizationId: message.organizationId, event });
    if (event !== null && message.write.kind === 'closureSaved')
      this.ownEchoes.expect(message.write.closure.id, message.write.answer);
    this.appliedWrite = message.seq;
    if (this.picture) this.postCollections(this.picture);
  }

  private accept(picture: LivePicture): void {
    this.picture = picture;
    this.markers.note(picture);
    this.map.note(picture);
    this.collections.note(picture);
    if (picture.changes.reset) {
      this.resetPending = true;
      this.list.forget();
      this.events.forget();
      this.collections.forget();
    }
    this.changed();
  }

  private changed(): void {
    this.pending = true;
    this.flush();
  }

  private flush(): void {
    const picture = this.picture;
    if (this.inFlight !== null || !this.pending || picture === null) return;
    this.pending = false;
    this.seq += 1;
    this.inFlight = this.seq;
    const reset = this.resetPending;
    this.resetPending = false;
    this.postEvents(picture);
    this.postCollections(picture);
    const views = { markers: this.markers, list: this.list, map: this.map };
    post(pictureFrameOf(picture, views, { seq: this.seq, reset, selectedId: this.selectedId }));
  }

  /** The watched collections that changed (collectionsView.ts), and the acknowledgement of an applied write. */
  private postCollections(picture: LivePicture): void {
    const collections = this.collections.frame(picture, this.appliedWrite);
    this.appliedWrite = null;
    if (collections !== null) post({ type: 'collections', collections });
  }

  /** The events screen's part, when one is open and the page lacks some of it (eventsView.ts). */
  private postEvents(picture: LivePicture): void {
    const now = this.replay?.now() ?? Date.now();
    const events = this.events.frame(picture, now, startOfDayInZone(now, LOCAL_TIME_ZONE));
    if (events !== null) post({ type: 'events', events });
  }
}

let session: LiveSession | null = null;

self.addEventListener('message', (event: MessageEvent<PageMessage>) => {
  const message = event.data;
  switch (message.type) {
    case 'start':
      session?.stop();
      session = new LiveSession(message.config, message.organization);
      return;
    case 'stop':
      session?.stop();
      session = null;
      return;
    default:
      session?.handle(message);
  }
});
