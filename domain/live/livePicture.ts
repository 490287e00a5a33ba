// The live picture: everything the screens show about the viewed organization, one picture per batch. The assets
// are the one part not kept immutable: a batch changes their records in place (thingTable.ts) and `changes` says
// which, so a reader applies `changes` to what it shows and never compares records across pictures. Screens read
// the maps directly or the ready-made lists in pictureViews.ts.
import type { Area } from '#domain/areas/area';
import type { Closure } from '#domain/closures/closure';
import type { Location } from '#domain/locations/location';
import type { EventSource } from '#domain/organizations/organization';
import { EMPTY_STATION_INDEX, type StationIndex } from '#domain/stations/stationIndex';
import type { AlertingZone } from '#domain/zones/alertingZone';
import type { LiveResource, ViewedOrganization } from './liveEvents.ts';
import { DEFAULT_LIVE_SETTINGS, type LiveSettings } from './liveSettings.ts';
import { ThingTable } from './thingTable.ts';

/**
 * What one evolve step (usually one batch) changed, exactly: every asset whose record the step changed is listed,
 * and a collection flag is set when that collection is a new value. A reader that applied the changes of every
 * version in turn holds what the picture holds.
 */
export type PictureChanges = {
  /** The picture started over (organization switch): forget everything derived from earlier pictures. */
  reset: boolean;
  /** Ids of assets new in this picture, changed, or gone; each id appears in at most one list, once. */
  addedThings: readonly string[];
  updatedThings: readonly string[];
  removedThings: readonly string[];
  locations: boolean;
  closures: boolean;
  areas: boolean;
  zones: boolean;
};

export type ThingOrderCache = { ids: readonly string[] | null };

export type DroppedCounts = Record<LiveResource | 'messages', number>;

export type LivePicture = {
  /** Grows by one with every change; an unchanged step keeps it (and reports no changes). */
  version: number;
  /** Time of the latest change. */
  now: number;
  settings: LiveSettings;
  organization: ViewedOrganization | null;
  eventSource: EventSource;
  /**
   * Every asset by id, as a ReadonlyMap over records that later batches change in place (thingTable.ts). A new
   * object whenever a step changed an asset, so what is memoised on it is rebuilt.
   */
  things: ThingTable;
  /** Grows when assets are added, removed or renamed: list orders built for an older value must be rebuilt. */
  thingsMembershipVersion: number;
  /**
   * The asset order by display name, filled the first time a list asks for it (pictureViews.ts). Successive
   * pictures with the same membership share this holder, so moving assets never re-sorts the list.
   */
  thingOrder: ThingOrderCache;
  /** No asset needs the clock before this moment (a lower bound), so most ticks skip the fleet entirely. */
  reviewDueAt: number;
  locations: ReadonlyMap<string, Location>;
  closures: ReadonlyMap<string, Closure>;
  /** Closure ids per asset, for the heartbeat rule. */
  closureIdsByThing: ReadonlyMap<string, readonly string[]>;
  areas: ReadonlyMap<string, Area>;
  zones: ReadonlyMap<string, AlertingZone>;
  stations: StationIndex;
  loaded: Readonly<Record<LiveResource, boolean>>;
  /** HTTP status of the latest failed load per resource (0: connection failed); cleared by the next success. */
  loadErrors: Readonly<Partial<Record<LiveResource, number>>>;
  /** Records and messages dropped because they failed their structural check, and messages for unknown assets. */
  dropped: Readonly<DroppedCounts>;
  changes: PictureChanges;
};

const NOTHING: readonly string[] = [];

export const NO_CHANGES: PictureChanges = {
  reset: false,
  addedThings: NOTHING,
  updatedThings: NOTHING,
  removedThings: NOTHING,
  locations: false,
  closures: false,
  areas: false,
  zones: false,
};

export function emptyPicture(options: {
  now: number;
  settings?: LiveSettings;
  organization?: ViewedOrganization | null;
  version?: number;
}): LivePicture {
  const organization = options.organization ?? null;
  return {
    version: options.version ?? 0,
    now: options.now,
    settings: options.settings ?? DEFAULT_LIVE_SETTINGS,
    organization,
    eventSource: organization?.isLargeOrg ? 'polling' : 'streaming',
    things: ThingTable.empty(options.version ?? 0),
    thingsMembershipVersion: 0,
    thingOrder: { ids: null },
    reviewDueAt: Infinity,
    locations: new Map(),
    closures: new Map(),
    closureIdsByThing: new Map(),
    areas: new Map(),
    zones: new Map(),
    stations: EMPTY_STATION_INDEX,
    loaded: { things: false, locations: false, closures: false, areas: false, zones: false },
    loadErrors: {},
    dropped: { things: 0, locations: 0, closures: 0, areas: 0, zones: 0, messages: 0 },
    changes: { ...NO_CHANGES, reset: true },
  };
}

function reportsNoChanges(changes: PictureChanges): boolean {
  return (
    !changes.reset &&
    changes.addedThings.length === 0 &&
    changes.updatedThings.length === 0 &&
    changes.removedThings.length === 0 &&
    !changes.locations &&
    !changes.closures &&
    !changes.areas &&
    !changes.zones
  );
}

/**
 * The result of a step that changed nothing: the same version, reporting no changes (the picture itself when it
 * already reports none).
 */
export function unchangedStep(picture: LivePicture): LivePicture {
  return reportsNoChanges(picture.changes) ? picture : { ...picture, changes: NO_CHANGES };
}
