// The live picture: everything the screens show about the viewed organization, as one immutable value per
// batch. Screens read the maps directly or the ready-made lists in pictureViews.ts; the map applies only the
// ids in `changes`.
import type { Area } from '#domain/areas/area';
import type { Closure } from '#domain/closures/closure';
import type { Location } from '#domain/locations/location';
import type { EventSource } from '#domain/organizations/organization';
import { EMPTY_STATION_INDEX, type StationIndex } from '#domain/stations/stationIndex';
import type { AlertingZone } from '#domain/zones/alertingZone';
import type { LiveResource, ViewedOrganization } from './liveEvents.ts';
import { DEFAULT_LIVE_SETTINGS, type LiveSettings } from './liveSettings.ts';
import { ThingTable } from './thingTable.ts';

/** What one evolve step (usually one batch) changed, so screens can update only that. */
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
  /** Grows by one with every change; an unchanged step returns the very same picture. */
  version: number;
  /** Time of the latest change. */
  now: number;
  settings: LiveSettings;
  organization: ViewedOrganization | null;
  eventSource: EventSource;
  /** Every asset by id: a ReadonlyMap (see thingTable.ts for why it is not a Map). */
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
    things: ThingTable.empty(),
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
