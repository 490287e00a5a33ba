// The asset list's Filters panel (live §2 "Things (assets) list"): status, out-of-service, feed, relation (owned or
// managed), type and subtype, plus the stored "show offline" preference (live §3 "Local preferences"). Read top to
// bottom: the filter's model and its default, then the rule the live worker applies to every asset of the list.
import { ASSET_STATUS, statusName, type AssetStatusName } from '#domain/status/assetStatus';
import type { Thing } from './thing.ts';

// ---------------------------------------------------------------------------------------------
// Model

/** The statuses a user may pick in the panel; out-of-service has its own choice. */
export const FILTER_STATUSES: readonly AssetStatusName[] = [
  'location',
  'active',
  'standby',
  'stationary',
  'pending',
  'offline',
];

export type OutOfServiceChoice = 'show' | 'hide' | 'only';
/** Owned: the viewed organization owns the asset. Managed: it sees an asset another organization owns. */
export type RelationChoice = 'all' | 'owned' | 'managed';

export type ThingListFilter = {
  /** Empty: every status. */
  statuses: readonly AssetStatusName[];
  outOfService: OutOfServiceChoice;
  /** Only assets that feed the WZDx work-zone feed. */
  feedOnly: boolean;
  relation: RelationChoice;
  /** Type name (thing_type); empty: every type. */
  thingType: string;
  /** Subtype name; empty: every subtype. */
  thingSubtype: string;
  /** The "show offline" preference (default on): off hides offline assets whatever the panel says. */
  showOffline: boolean;
};

export const NO_FILTER: ThingListFilter = {
  statuses: [],
  outOfService: 'show',
  feedOnly: false,
  relation: 'all',
  thingType: '',
  thingSubtype: '',
  showOffline: true,
};

// ---------------------------------------------------------------------------------------------
// Rules

/** How many of the panel's choices differ from the default (the Filters button shows the number). */
export function activeFilterCount(filter: ThingListFilter): number {
  return [
    filter.statuses.length > 0,
    filter.outOfService !== NO_FILTER.outOfService,
    filter.feedOnly,
    filter.relation !== NO_FILTER.relation,
    filter.thingType !== '',
    filter.thingSubtype !== '',
  ].filter(Boolean).length;
}

export function isNoFilter(filter: ThingListFilter): boolean {
  return activeFilterCount(filter) === 0 && filter.showOffline;
}

/**
 * Whether the asset stays in the list. Out-of-service is a status of its own: "only" keeps out-of-service assets
 * whatever statuses are chosen, "hide" drops them, "show" keeps them unless statuses are chosen (they are none of them).
 */
export function matchesFilter(
  thing: Thing,
  filter: ThingListFilter,
  viewedOrganizationId: string | null,
): boolean {
  const outOfService = !thing.inService || thing.status === ASSET_STATUS.outOfService;
  if (outOfService) {
    if (filter.outOfService === 'hide') return false;
    if (filter.outOfService === 'show' && filter.statuses.length > 0) return false;
  } else {
    if (filter.outOfService === 'only') return false;
    const name = statusName(thing.status);
    if (!filter.showOffline && name === 'offline') return false;
    if (filter.statuses.length > 0 && !filter.statuses.includes(name)) return false;
  }
  if (filter.feedOnly && !thing.isWzdxEnabled) return false;
  if (filter.relation !== 'all') {
    const owned = thing.organizationId === viewedOrganizationId;
    if (owned !== (filter.relation === 'owned')) return false;
  }
  if (filter.thingType && thing.thingType !== filter.thingType) return false;
  if (filter.thingSubtype && thing.thingSubtype !== filter.thingSubtype) return false;
  return true;
}
