// REST loads for one organization (live §4, §7): each resource loads in full the first time, then incrementally
// from the previous load's request time (`last_updated_timestamp`); things come in pages fetched one after the
// other. A failed load becomes a LoadFailed event and leaves the cursor where it was, so the next refresh asks
// again for everything since the last success. Each resource's load is its own function over one LoadContext.
import {
  catchError,
  concat,
  defer,
  EMPTY,
  expand,
  map,
  merge,
  of,
  type Observable,
  type OperatorFunction,
  type SchedulerLike,
} from 'rxjs';
import { decodeAreas } from '#domain/areas/area';
import { decodeClosures } from '#domain/closures/closure';
import type { LiveEvent, LiveResource, ViewedOrganization } from '#domain/live/liveEvents';
import type { LiveSettings } from '#domain/live/liveSettings';
import { decodeLocations } from '#domain/locations/location';
import { DEFAULT_PER_PAGE, nextPage } from '#domain/paging/page';
import { decodeThingsPage } from '#domain/things/thingsPage';
import { decodeAlertingZones } from '#domain/zones/alertingZone';

/** `since` is the unix time in ms to send as `last_updated_timestamp`; null asks for everything. */
export type LoadRequest = { organizationId: string; since: number | null };
export type ThingsPageRequest = LoadRequest & { page: number; perPage: number };
/** `startDate` is the start of the fetch window (7 days back), unix ms. */
export type LocationsRequest = LoadRequest & { startDate: number };

/** The REST calls the pipeline makes; each answers the parsed JSON body or errors (with `status` when HTTP). */
export type RestSources = {
  fetchThingsPage: (request: ThingsPageRequest) => Observable<unknown>;
  fetchLocations?: (request: LocationsRequest) => Observable<unknown>;
  fetchClosures?: (request: LoadRequest) => Observable<unknown>;
  /** Omit when the user may not view areas (the call is made only then, live §7). */
  fetchAreas?: (request: LoadRequest) => Observable<unknown>;
  fetchZones?: (request: LoadRequest) => Observable<unknown>;
};

/** The HTTP status an error carries, or 0 for a connection failure ("Connection failed"). */
export function statusOfError(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return 0;
}

class MalformedAnswer extends Error {
  readonly status = 200;
}

type Cursors = Record<'things' | 'locations' | 'closures', number | null>;

export type SnapshotLoader = {
  /** Loads every resource: in full where nothing loaded yet, incrementally otherwise. */
  refresh(): Observable<LiveEvent>;
};

/** What each resource's load reads and moves: the organization, the clock, the settings and the cursors. */
type LoadContext = {
  organization: ViewedOrganization;
  settings: LiveSettings;
  cursors: Cursors;
  now(): number;
};

/** `last_updated_timestamp` for a cursor: a little before it, so a record written as it was read is not missed. */
const sinceOf = (context: LoadContext, cursor: number | null) =>
  cursor === null ? null : cursor - context.settings.incrementalOverlapMs;

/** A failed load as its LoadFailed event, the cursor left where it was. */
function failed(context: LoadContext, resource: LiveResource): OperatorFunction<LiveEvent, LiveEvent> {
  return catchError((error: unknown) =>
    of<LiveEvent>({ type: 'LoadFailed', resource, status: statusOfError(error), now: context.now() }),
  );
}

/** The things' pages one after the other; a full load ends with the ids it kept (the others are gone). */
function loadThings(
  context: LoadContext,
  fetchThingsPage: RestSources['fetchThingsPage'],
): Observable<LiveEvent> {
  const { organization, settings, cursors, now } = context;
  return defer(() => {
    const requestedAt = now();
    const since = sinceOf(context, cursors.things);
    const keptIds = new Set<string>();
    const fetchPage = (page: number) =>
      fetchThingsPage({ organizationId: organization.id, since, page, perPage: DEFAULT_PER_PAGE }).pipe(
        map((body) => {
          const decoded = decodeThingsPage(body, { now: now(), settings });
          if (decoded === null) throw new MalformedAnswer('unreadable things page');
          return decoded;
        }),
      );
    const pages = fetchPage(1).pipe(
      expand((decoded) => {
        const next = nextPage(decoded.meta);
        return next === null ? EMPTY : fetchPage(next);
      }),
      map((decoded): LiveEvent => {
        for (const thing of decoded.things) keptIds.add(thing.id);
        return { type: 'ThingsPageLoaded', things: decoded.things, dropped: decoded.dropped, now: now() };
      }),
    );
    const completion = defer(() => {
      cursors.things = requestedAt;
      return since === null ? of<LiveEvent>({ type: 'ThingsFullLoadCompleted', keptIds, now: now() }) : EMPTY;
    });
    return concat(pages, completion);
  }).pipe(failed(context, 'things'));
}

function loadLocations(
  context: LoadContext,
  fetchLocations: NonNullable<RestSources['fetchLocations']>,
): Observable<LiveEvent> {
  const { organization, settings, cursors, now } = context;
  return defer(() => {
    const requestedAt = now();
    const since = sinceOf(context, cursors.locations);
    const startDate = requestedAt - settings.locationsFetchWindowMs;
    return fetchLocations({ organizationId: organization.id, since, startDate }).pipe(
      map((body): LiveEvent => {
        if (!Array.isArray(body)) throw new MalformedAnswer('unreadable locations');
        const { records, dropped } = decodeLocations(body);
        cursors.locations = requestedAt;
        return { type: 'LocationsLoaded', locations: records, dropped, replace: since === null, now: now() };
      }),
    );
  }).pipe(failed(context, 'locations'));
}

function loadClosures(
  context: LoadContext,
  fetchClosures: NonNullable<RestSources['fetchClosures']>,
): Observable<LiveEvent> {
  const { organization, settings, cursors, now } = context;
  return defer(() => {
    const requestedAt = now();
    const since = sinceOf(context, cursors.closures);
    return fetchClosures({ organizationId: organization.id, since }).pipe(
      map((body): LiveEvent => {
        if (!Array.isArray(body)) throw new MalformedAnswer('unreadable closures');
        const { records, dropped } = decodeClosures(body, {
          now: now(),
          settings,
          isWzdxOrg: organization.isWzdxOrg,
        });
        cursors.closures = requestedAt;
        return { type: 'ClosuresLoaded', closures: records, dropped, replace: since === null, now: now() };
      }),
    );
  }).pipe(failed(context, 'closures'));
}

/** Areas and zones load in full each time (no incremental call): small lists, read into their loaded event. */
function loadWhole(
  context: LoadContext,
  resource: 'areas' | 'zones',
  fetch: (request: LoadRequest) => Observable<unknown>,
  eventOf: (body: unknown[], now: number) => LiveEvent,
): Observable<LiveEvent> {
  return defer(() =>
    fetch({ organizationId: context.organization.id, since: null }).pipe(
      map((body): LiveEvent => {
        if (!Array.isArray(body)) throw new MalformedAnswer(`unreadable ${resource}`);
        return eventOf(body, context.now());
      }),
    ),
  ).pipe(failed(context, resource));
}

const areasLoaded = (body: unknown[], now: number): LiveEvent => {
  const { records, dropped } = decodeAreas(body);
  return { type: 'AreasLoaded', areas: records, dropped, now };
};

const zonesLoaded = (body: unknown[], now: number): LiveEvent => {
  const { records, dropped } = decodeAlertingZones(body);
  return { type: 'ZonesLoaded', zones: records, dropped, now };
};

export function createSnapshotLoader(options: {
  organization: ViewedOrganization;
  sources: RestSources;
  scheduler: SchedulerLike;
  settings: LiveSettings;
}): SnapshotLoader {
  const { organization, sources, scheduler, settings } = options;
  const context: LoadContext = {
    organization,
    settings,
    cursors: { things: null, locations: null, closures: null },
    now: () => scheduler.now(),
  };
  return {
    refresh() {
      // All at once: an asset that arrives before its station, incident or closure is placed when they arrive.
      const { fetchLocations, fetchClosures, fetchAreas, fetchZones } = sources;
      return merge(
        fetchAreas ? loadWhole(context, 'areas', fetchAreas, areasLoaded) : EMPTY,
        loadThings(context, sources.fetchThingsPage),
        fetchLocations ? loadLocations(context, fetchLocations) : EMPTY,
        fetchClosures ? loadClosures(context, fetchClosures) : EMPTY,
        fetchZones ? loadWhole(context, 'zones', fetchZones, zonesLoaded) : EMPTY,
      );
    },
  };
}
