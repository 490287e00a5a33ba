// The live pipeline (DESIGN.md §3): it wires the sources — REST loads, the cable, polling, the clock, the user's
// command results — into one stream of pictures. The rules live in domain/live/; this file only decides when
// things happen. Every timer runs on the injected scheduler.
//
//   organization$ ─switchMap─► OrganizationSwitched, then for that organization:
//     cable messages ─decode─► buffer(every batchIntervalMs) ─coalesce─► [...messages, ClockTicked]
//     refresh triggers (start, every reconnect, every pollingIntervalMs while not streaming, a retry after a
//     failed load) ─► REST loads
//     connection status ─► EventSourceChanged
//     command results for that organization
//   ─► scan(evolveBatch) ─► picture$ (a picture per version; the assets' records change in place)
import {
  buffer,
  concat,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  interval,
  map,
  merge,
  NEVER,
  type Observable,
  of,
  scan,
  type SchedulerLike,
  share,
  shareReplay,
  startWith,
  Subject,
  switchMap,
  tap,
  timer,
  withLatestFrom,
} from 'rxjs';
import { coalesceMessages } from '#domain/live/coalesce';
import { evolveBatch } from '#domain/live/evolve';
import type { LiveEvent, LiveMessageEvent, ViewedOrganization } from '#domain/live/liveEvents';
import { decodeLiveMessage } from '#domain/live/liveMessages';
import { emptyPicture, type LivePicture } from '#domain/live/livePicture';
import { liveSettings, type LiveSettings } from '#domain/live/liveSettings';
import type { EventSource } from '#domain/organizations/organization';
import { exhaustMapWithTrailing } from './operators.ts';
import { createSnapshotLoader, type RestSources } from './snapshotLoads.ts';
import { updateAvailable } from './versionPoll.ts';

/**
 * What the cable tells the pipeline: it is subscribed (`resumed`: it took up the stream where it left it, through
 * the extended protocol's history, so nothing was missed), it dropped (`resuming`: the next subscription will
 * resume, so polling meanwhile would only fetch what the history brings), or a broadcast's `message` ({type, data}).
 */
export type CableSignal =
  | { kind: 'connected'; resumed?: boolean }
  | { kind: 'disconnected'; resuming?: boolean }
  | { kind: 'message'; message: unknown };

/** The cable's state as the loads see it. */
type CableState = { connected: boolean; resumed: boolean; resuming: boolean };
const NOT_CONNECTED: CableState = { connected: false, resumed: false, resuming: false };

export type LiveSources = RestSources & {
  /** The organization being viewed; each emission starts over (live §4: data resets on a switch). */
  organization$: Observable<ViewedOrganization | null>;
  /**
   * Opens the live connection for an organization on subscribe and closes it on unsubscribe. Omit it and the
   * pipeline polls. It is not opened for large organizations, which always poll (live §3).
   */
  openCable?: (organizationId: string) => Observable<CableSignal>;
  fetchVersion?: () => Observable<unknown>;
  /** Results of the user's own commands (a saved closure, an updated asset), tagged with their organization. */
  commandResults$?: Observable<{ organizationId: string; event: LiveEvent }>;
};

export type LivePipelineOptions = {
  scheduler: SchedulerLike;
  sources: LiveSources;
  settings?: Partial<LiveSettings>;
};

export type LivePipeline = {
  /** One picture per change: each batch, each load. Subscribing starts everything; unsubscribing stops it. */
  picture$: Observable<LivePicture>;
  /** false, then true once if the provider's version changes while the page is open. */
  updateAvailable$: Observable<boolean>;
  settings: LiveSettings;
};

export function createLivePipeline(options: LivePipelineOptions): LivePipeline {
  const { scheduler, sources } = options;
  const settings = liveSettings(options.settings);
  const now = () => scheduler.now();

  function organizationEvents(organization: ViewedOrganization | null): Observable<LiveEvent[]> {
    const switched = of<LiveEvent[]>([{ type: 'OrganizationSwitched', organization, now: now() }]);
    if (organization === null) return switched;

    const streams = !organization.isLargeOrg && sources.openCable !== undefined;
    const cable$ = streams && sources.openCable ? sources.openCable(organization.id).pipe(share()) : NEVER;
    const cableState$ = cable$.pipe(
      map((signal): CableState | null => {
        switch (signal.kind) {
          case 'connected':
            return { connected: true, resumed: signal.resumed === true, resuming: false };
          case 'disconnected':
            return { connected: false, resumed: false, resuming: signal.resuming === true };
          case 'message':
            return null;
          default: {
            const unhandled: never = signal;
            return unhandled;
          }
        }
      }),
      filter((state): state is CableState => state !== null),
      startWith(NOT_CONNECTED),
      distinctUntilChanged(
        (previous, next) =>
          previous.connected === next.connected &&
          previous.resumed === next.resumed &&
          previous.resuming === next.resuming,
      ),
      // Replayed: the polling switch subscribes after the first subscriber and must still see the current state.
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    const connected$ = cableState$.pipe(
      map((state) => state.connected),
      distinctUntilChanged(),
    );
    const eventSource$: Observable<EventSource> = streams
      ? connected$.pipe(map((connected): EventSource => (connected ? 'streaming' : 'polling')))
      : of<EventSource>('polling');

    const messageContext = { settings, organization };
    const messages$ = cable$.pipe(
      filter((signal): signal is { kind: 'message'; message: unknown } => signal.kind === 'message'),
      map((signal) => decodeLiveMessage(signal.message, { ...messageContext, now: now() })),
    );
    // The batch clock ticks whether or not messages flow: staleness and status windows need it too.
    const batches$ = messages$.pipe(
      buffer(interval(settings.batchIntervalMs, scheduler)),
      map((batch: LiveMessageEvent[]): LiveEvent[] => [
        ...coalesceMessages(batch),
        { type: 'ClockTicked', now: now() },
      ]),
    );

    // Refresh on start, after every reconnect that did not resume the stream (a resumed one got what it missed
    // from the history, DESIGN.md §8), and on the polling interval whenever the cable is not streaming and not
    // about to resume.
    const reconnected$ = cableState$.pipe(
      filter((state) => state.connected && !state.resumed),
      map(() => undefined),
    );
    const pollTicks$ = cableState$.pipe(
      map((state) => !state.connected && !state.resuming),
      distinctUntilChanged(),
      switchMap((polls) =>
        polls ? interval(settings.pollingIntervalMs, scheduler).pipe(map(() => undefined)) : EMPTY,
      ),
    );
    // While streaming no poll comes, so a failed load is tried again after the polling interval.
    const loadFailed$ = new Subject<void>();
    const retries$ = loadFailed$.pipe(
      withLatestFrom(eventSource$),
      filter(([, source]) => source === 'streaming'),
      switchMap(() => timer(settings.pollingIntervalMs, scheduler)),
    );
    const loader = createSnapshotLoader({ organization, sources, scheduler, settings });
    const loads$ = merge(of(undefined), reconnected$, pollTicks$, retries$).pipe(
      exhaustMapWithTrailing(() =>
        loader.refresh().pipe(tap((event) => event.type === 'LoadFailed' && loadFailed$.next())),
      ),
      map((event) => [event]),
    );

    const sourceChanges$ = eventSource$.pipe(
      distinctUntilChanged(),
      map((eventSource): LiveEvent[] => [{ type: 'EventSourceChanged', eventSource, now: now() }]),
    );
    const commands$ = (sources.commandResults$ ?? EMPTY).pipe(
      filter((result) => result.organizationId === organization.id),
      map((result) => [result.event]),
    );

    return concat(switched, merge(sourceChanges$, loads$, batches$, commands$));
  }

  // Each subscription folds from its own empty picture: pictures share their asset records, so two folds must
  // never start from one seed. Only versions that changed something are emitted.
  const picture$ = defer(() =>
    sources.organization$.pipe(
      switchMap(organizationEvents),
      scan((picture, events) => evolveBatch(picture, events), emptyPicture({ now: now(), settings })),
    ),
  ).pipe(
    distinctUntilChanged((previous, next) => previous.version === next.version),
    // A screen that subscribes late still gets the current picture at once.
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  const updateAvailable$ = sources.fetchVersion
    ? updateAvailable({
        scheduler,
        fetchVersion: sources.fetchVersion,
        firstDelayMs: settings.versionPollFirstDelayMs,
        intervalMs: settings.versionPollIntervalMs,
      })
    : of(false);

  return { picture$, updateAvailable$, settings };
}
