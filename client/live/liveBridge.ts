// Starts the live worker (liveWorker.ts) for a signed-in page and keeps it told what it needs: the session token
// whenever it is refreshed, the viewed organization whenever it is switched, the list's search and window, the
// selected asset, the events screen's request, the collections the open screens list, the user's own writes and alarm acknowledgements. Each frame the worker sends goes into the signals
// (thingsStore.ts; the events screen's part into eventsStore.ts) and is acknowledged once the page has drawn it
// (the next animation frame), which is what lets the worker send the next one. Started once per signed-in
// session by the dashboard layout; neither a switch nor a token refresh restarts the worker.
import { effect } from '@preact/signals-react';
import type { ViewedOrganization } from '#domain/live/liveEvents';
import type { Organization } from '#domain/organizations/organization';
import type { ThingListFilter } from '#domain/things/thingListFilter';
import { acceptAlarms, resetAlarms } from './alarmsStore.ts';
import type { CollectionName, CollectionWrite } from './collectionsProtocol.ts';
import { acceptCollections, resetCollections, writeApplied } from './collectionsStore.ts';
import { acceptEvents, resetEventsState } from './eventsStore.ts';
import type { EventsViewRequest } from './eventsProtocol.ts';
import type {
  PageMessage,
  ReplayCommand,
  ReplayStatus,
  WorkerConfig,
  WorkerMessage,
} from './liveProtocol.ts';
import type { MapViewRequest } from './mapProtocol.ts';
import type { ListWindow } from './pictureProtocol.ts';
import { acceptPopups } from './mapStore.ts';
import { replayStatus, resetReplayState } from './replayStore.ts';
import { acceptFrame, acceptRows, cableStatus, resetLiveState } from './thingsStore.ts';
import { sameOrganization, viewedOrganizationOf } from './viewedOrganization.ts';

export type LiveBridgeOptions = Omit<WorkerConfig, 'token' | 'permissions'> & {
  permissions: ReadonlySet<string>;
  /** Read now and whenever it changes (signals), so the worker always has the current token and organization. */
  token(): string;
  organization(): Organization | null;
  onUnauthorized(): void;
};

/**
 * TEST HOOK (read-only): how many frames the page has taken from the worker since it started, the live
 * connection's status as the worker last reported it (`paused` while a replay is shown), and the replay's status
 * (the browser benchmark reads how far a replay got and whether it kept up).
 */
export type FleetLiveTestHook = {
  framesReceived(): number;
  cableStatus(): string;
  replayStatus(): ReplayStatus;
};

declare global {
  interface Window {
    __fleetLive?: FleetLiveTestHook;
  }
}

let current: Worker | null = null;
/** What the screens asked for, kept so a worker started after them (or restarted) is told as well. */
const requested: {
  search: string;
  window: ListWindow | null;
  selected: string | null;
  mapView: MapViewRequest | null;
  events: EventsViewRequest | null;
  filter: ThingListFilter | null;
  /** How many mounted screens watch each collection. */
  collections: Map<CollectionName, number>;
} = {
  search: '',
  window: null,
  selected: null,
  mapView: null,
  events: null,
  filter: null,
  collections: new Map(),
};

function send(message: PageMessage): void {
  current?.postMessage(message);
}

/** The list's search text; the worker narrows the list and sends the new ids. */
export function searchList(text: string): void {
  requested.search = text;
  send({ type: 'search', text });
}

/** The Filters panel's choices and the "show offline" preference; the worker narrows the list. */
export function filterList(filter: ThingListFilter): void {
  requested.filter = filter;
  send({ type: 'listFilter', filter });
}

/** The rows the virtual list shows; the worker sends the ones the page lacks. */
export function showListWindow(window: ListWindow): void {
  requested.window = window;
  send({ type: 'listWindow', window });
}

export function selectThing(thingId: string | null): void {
  requested.selected = thingId;
  send({ type: 'select', thingId });
}

/** The map's open popups and grouping; the worker answers with the popups and keeps them live. */
export function requestMapView(view: MapViewRequest): void {
  requested.mapView = view;
  send({ type: 'mapView', view });
}

/** Asks the worker for a collection while the caller shows it (collectionsStore.ts); returns the teardown. */
export function watchCollection(name: CollectionName): () => void {
  const { collections } = requested;
  collections.set(name, (collections.get(name) ?? 0) + 1);
  send({ type: 'collections', names: [...collections.keys()] });
  return () => {
    const left = (collections.get(name) ?? 1) - 1;
    if (left > 0) collections.set(name, left);
    else collections.delete(name);
    send({ type: 'collections', names: [...collections.keys()] });
  };
}

let lastWrite = 0;

/**
 * Hands the user's write (with the provider's answer) to the worker; resolves when the collections the screens read
 * hold it, so the screen that saved shows the record without reading its list again. Without a worker (signed out
 * meanwhile) it resolves at once.
 */
export function applyOwnWrite(organizationId: string, write: CollectionWrite): Promise<void> {
  if (current === null) return Promise.resolve();
  lastWrite += 1;
  send({ type: 'write', seq: lastWrite, organizationId, write });
  return writeApplied(lastWrite);
}

/** The alarms the user's own acknowledgement acknowledged (its answer): the held queue drops them at once. */
export function applyOwnAcknowledgement(organizationId: string, alarmIds: readonly string[]): void {
  send({ type: 'alarmsAcknowledged', organizationId, alarmIds });
}

/** What the events screen shows (null when it closes); the worker answers with its part and keeps it live. */
export function requestEventsView(view: EventsViewRequest | null): void {
  requested.events = view;
  send({ type: 'eventsView', view });
}

/** The Replay control's commands (docs/time-travel.md); the worker answers with `replayStatus`. */
export function commandReplay(command: ReplayCommand): void {
  send({ type: 'replay', command });
}

export function startLiveBridge(options: LiveBridgeOptions): () => void {
  const worker = new Worker(new URL('./liveWorker.ts', import.meta.url), { type: 'module', name: 'live' });
  current = worker;
  let framesReceived = 0;
  window.__fleetLive = {
    framesReceived: () => framesReceived,
    cableStatus: () => cableStatus.value,
    replayStatus: () => replayStatus.value,
  };
  worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    const message = event.data;
    switch (message.type) {
      case 'frame':
        framesReceived += 1;
        acceptFrame(message);
        requestAnimationFrame(() =>
          worker.postMessage({ type: 'drawn', seq: message.seq } satisfies PageMessage),
        );
        return;
      case 'rows':
        acceptRows(message.rows);
        return;
      case 'events':
        acceptEvents(message.events);
        return;
      case 'collections':
        acceptCollections(message.collections);
        return;
      case 'popups':
        acceptPopups(message.popups);
        return;
      case 'cableStatus':
        cableStatus.value = message.status;
        return;
      case 'alarms':
        acceptAlarms(message.alarms);
        return;
      case 'replayStatus':
        replayStatus.value = message.status;
        return;
      case 'unauthorized':
        options.onUnauthorized();
        return;
      default: {
        const unhandled: never = message;
        return unhandled;
      }
    }
  });

  let organization: ViewedOrganization | null = viewedOrganizationOf(options.organization());
  let token = options.token();
  send({
    type: 'start',
    config: {
      apiBaseUrl: options.apiBaseUrl,
      cableUrl: options.cableUrl,
      token,
      permissions: [...options.permissions],
    },
    organization,
  });
  if (requested.search) send({ type: 'search', text: requested.search });
  if (requested.filter) send({ type: 'listFilter', filter: requested.filter });
  if (requested.window) send({ type: 'listWindow', window: requested.window });
  if (requested.selected !== null) send({ type: 'select', thingId: requested.selected });
  if (requested.mapView !== null) send({ type: 'mapView', view: requested.mapView });
  if (requested.events !== null) send({ type: 'eventsView', view: requested.events });
  if (requested.collections.size > 0) send({ type: 'collections', names: [...requested.collections.keys()] });
  const disposeToken = effect(() => {
    const next = options.token();
    if (next === token) return;
    token = next;
    send({ type: 'token', token });
  });
  const disposeOrganization = effect(() => {
    const next = viewedOrganizationOf(options.organization());
    if (sameOrganization(next, organization)) return;
    organization = next;
    send({ type: 'organization', organization });
  });

  return () => {
    disposeToken();
    disposeOrganization();
    send({ type: 'stop' });
    worker.terminate();
    if (current === worker) current = null;
    resetLiveState();
    resetEventsState();
    resetCollections();
    resetAlarms();
    resetReplayState();
  };
}
