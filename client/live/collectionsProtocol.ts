// The part of the page–worker protocol (liveProtocol.ts) for the collections the screens list: closures, areas,
// zones and the pickers' asset choices. The worker loads them once per organization with the live picture and keeps
// them current from the cable; a screen says which it shows (`collections`), the user's own writes go to the worker
// (`write`) so the list takes the save's answer at once, and the worker sends each watched collection whole when it
// changed (they are small: hundreds of records, the fleet's choices a few fields per asset).
import type { Area } from '#domain/areas/area';
import type { Closure } from '#domain/closures/closure';
import type { AssetChoice } from '#domain/things/assetChoices';
import type { AlertingZone } from '#domain/zones/alertingZone';

export const COLLECTION_NAMES = ['closures', 'areas', 'zones', 'assetChoices'] as const;
export type CollectionName = (typeof COLLECTION_NAMES)[number];

/** A collection as a screen shows it: loading, the records, or the load's failure in the product's words. */
export type CollectionState<T> =
  | { phase: 'loading'; organizationId: string | null }
  | { phase: 'loaded'; organizationId: string; items: readonly T[] }
  | { phase: 'failed'; organizationId: string; message: string };

export type CollectionItems = {
  closures: Closure;
  areas: Area;
  zones: AlertingZone;
  assetChoices: AssetChoice;
};

/**
 * The user's own write, with the provider's answer: a saved closure already decoded by the page's call
 * (client/api/closures.ts, with the answer's text to know its cable echo by), the others as they came (the worker
 * decodes them once). A delete names the id; a 404 on delete counts as deleted (live §4, §7).
 */
export type CollectionWrite =
  | { kind: 'closureSaved'; closure: Closure; answer: string }
  | { kind: 'closureDeleted'; closureId: string }
  | { kind: 'areaSaved'; record: unknown }
  | { kind: 'areaDeleted'; areaId: string }
  | { kind: 'zoneSaved'; record: unknown }
  | { kind: 'zoneDeleted'; zoneId: string }
  /** An asset's organization access saved: the answer's `organization_relationships` are its relations now. */
  | { kind: 'thingRelationsSaved'; thingId: string; record: unknown };

/** The watched collections that changed (absent: unchanged), and the last write the worker applied. */
export type CollectionsFrame = {
  closures?: CollectionState<Closure>;
  areas?: CollectionState<Area>;
  zones?: CollectionState<AlertingZone>;
  assetChoices?: CollectionState<AssetChoice>;
  /** The `seq` of the page's latest write the collections above already hold, or null. */
  appliedWrite: number | null;
};
