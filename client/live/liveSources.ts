// The real sources behind the domain live pipeline (docs/live-picture.md "Wiring it"): the provider's REST calls
// as Observables that error with `{ status }`, and the cable as an Observable of CableSignals. Nothing here
// decides anything; the pipeline chooses when to load, poll and open the cable.
import { Observable } from 'rxjs';
import type { CableSignal, LiveSources } from '#domain/pipeline/livePipeline';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import {
  VIEW_AREAS,
  VIEW_CLOSURES,
  VIEW_EVENTS,
  VIEW_ZONES,
} from '#domain/session/liveOperationsPermissions';
import type { ApiClient, QueryValue } from '../api/httpClient.ts';
import { ALARM_MESSAGE_TYPES, alarmChangeOf, type AlarmChange } from './heldAlarms.ts';
import type { LivePause } from './livePause.ts';
import type { OwnEchoes } from './ownEchoes.ts';
import { openCableConnection, type CableConnectionOptions, type CableStatus } from './cableConnection.ts';

export type LiveSourceOptions = {
  client: ApiClient;
  cableUrl: string;
  /** Read when a socket opens, so a refreshed token is used by the next reconnect (access §4). */
  getToken(): string;
  /** The user's permissions: resources the user may not view are never asked for (live §6). */
  permissions: ReadonlySet<string>;
  /** The provider refused the session (a 401 or the cable's unauthorized): the caller signs the user out. */
  onUnauthorized(): void;
  onCableStatus(status: CableStatus | 'idle'): void;
  /** The alarm queue (alarmsCollection.ts): its cable messages, decoded once, and the cable back without its
   * history (what was missed is unknown). Alarm messages are not the picture's: they go here, not to the pipeline. */
  alarms?: { changed(change: AlarmChange): void; readAgain(): void };
  /** The echoes of the user's own saves, already applied: dropped before the pipeline decodes them. */
  ownEchoes?: OwnEchoes;
  createSocket?: CableConnectionOptions['createSocket'];
  /** Pauses the cable while a replay is shown (livePause.ts). */
  pause?: LivePause;
};

export type HttpError = { status: number };

/** One GET as an Observable of the parsed body; unsubscribing aborts the request. */
function getJson(
  options: LiveSourceOptions,
  path: string,
  query: Record<string, QueryValue>,
): Observable<unknown> {
  return new Observable<unknown>((subscriber) => {
    const abort = new AbortController();
    options.client.request('GET', path, { query, signal: abort.signal }).then(
      (result) => {
        if (result.ok) {
          subscriber.next(result.value);
          subscriber.complete();
          return;
        }
        if (result.status === 401) options.onUnauthorized();
        subscriber.error({ status: result.status } satisfies HttpError);
      },
      () => {
        if (!abort.signal.aborted) subscriber.error({ status: 0 } satisfies HttpError);
      },
    );
    return () => abort.abort();
  });
}

function sinceQuery(since: number | null): Record<string, QueryValue> {
  return since === null ? {} : { last_updated_timestamp: new Date(since).toISOString() };
}

function openCable(options: LiveSourceOptions, organizationId: string): Observable<CableSignal> {
  return new Observable<CableSignal>((subscriber) => {
    const connection = openCableConnection({
      url: options.cableUrl,
      token: options.getToken,
      organizationId,
      createSocket: options.createSocket,
      onStatus: (status, { resumed, resumable }) => {
        options.onCableStatus(status);
        if (status === 'unauthorized') options.onUnauthorized();
        if (status === 'live' && !resumed) options.alarms?.readAgain();
        subscriber.next(
          status === 'live' ? { kind: 'connected', resumed } : { kind: 'disconnected', resuming: resumable },
        );
      },
      onMessage: (message) => {
        if (options.ownEchoes?.isEcho(message)) return;
        if (!ALARM_MESSAGE_TYPES.has(message.type)) {
          subscriber.next({ kind: 'message', message });
          return;
        }
        const change = alarmChangeOf(message);
        if (change !== null) options.alarms?.changed(change);
      },
    });
    const unfollow = options.pause?.follow(connection);
    return () => {
      unfollow?.();
      connection.close();
      options.onCableStatus('idle');
    };
  });
}

export function createLiveSources(options: LiveSourceOptions): Omit<LiveSources, 'organization$'> {
  const may = (required: readonly string[]) => hasAnyPermission(options.permissions, required);
  return {
    openCable: (organizationId) => openCable(options, organizationId),
    fetchThingsPage: ({ organizationId, page, perPage, since }) =>
      getJson(options, '/organization/things', {
        'org_ids[]': [organizationId],
        page,
        per_page: perPage,
        ...sinceQuery(since),
      }),
    ...(may(VIEW_EVENTS) && {
      fetchLocations: ({ organizationId, since, startDate }) =>
        getJson(options, '/locations', {
          'org_ids[]': [organizationId],
          start_date: new Date(startDate).toISOString(),
          ...sinceQuery(since),
        }),
    }),
    ...(may(VIEW_CLOSURES) && {
      fetchClosures: ({ organizationId, since }) =>
        getJson(options, '/organization/closure', { 'org_ids[]': [organizationId], ...sinceQuery(since) }),
    }),
    ...(may(VIEW_AREAS) && {
      fetchAreas: ({ organizationId }) =>
        getJson(options, '/organization/exclusion_zone', { 'org_ids[]': [organizationId] }),
    }),
    ...(may(VIEW_ZONES) && {
      fetchZones: ({ organizationId }) =>
        getJson(options, '/organization/alerting_zones', { 'org_ids[]': [organizationId] }),
    }),
  };
}
