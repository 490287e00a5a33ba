// Keeps the map's asset GeoJSON source in step with the live picture by diff: after the first full load, each
// picture becomes one `updateData` with only the assets the pipeline reported changed (`picture.changes`) that
// moved, changed look, appeared or left (DESIGN §5).
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { GeoJSONSourceDiff } from 'maplibre-gl';
import type { PictureChanges } from '#domain/live/livePicture';
import { ASSET_STATUS, statusName, type AssetStatusName } from '#domain/status/assetStatus';
import type { Thing } from '#domain/things/thing';

type ThingsById = ReadonlyMap<string, Thing>;

export const MARKER_CATEGORIES = [
  'police',
  'fire',
  'ems',
  'arrow_board',
  'maintenance',
  'tow',
  'waste',
  'default',
  'offline',
  'oos',
] as const;
export type MarkerCategory = (typeof MARKER_CATEGORIES)[number];

const TYPE_CATEGORIES: Record<string, MarkerCategory> = {
  police: 'police',
  fire: 'fire',
  ambulance: 'ems',
  ems: 'ems',
  arrow_board: 'arrow_board',
  maintenance: 'maintenance',
  tow: 'tow',
  waste: 'waste',
};

/** Out-of-service and offline assets (the domain status) are filled grey; the rest by their type. */
export function markerCategory(thing: Thing): MarkerCategory {
  if (thing.status === ASSET_STATUS.outOfService) return 'oos';
  if (thing.status === ASSET_STATUS.offline) return 'offline';
  return TYPE_CATEGORIES[thing.thingType.toLowerCase()] ?? 'default';
}

/** What one marker shows. */
export type MarkerEntry = { lng: number; lat: number; category: MarkerCategory; status: AssetStatusName };
type Mirrored = MarkerEntry;

export type AssetFeature = Feature<Point, { id: string; category: MarkerCategory; status: AssetStatusName }>;

function featureOf(id: string, entry: Mirrored): AssetFeature {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [entry.lng, entry.lat] },
    properties: { id, category: entry.category, status: entry.status },
  };
}

function mirroredOf(thing: Thing): Mirrored | null {
  if (!thing.position) return null;
  return {
    lng: thing.position.lng,
    lat: thing.position.lat,
    category: markerCategory(thing),
    status: statusName(thing.status),
  };
}

export type SourceUpdate =
  { kind: 'full'; data: FeatureCollection<Point> } | { kind: 'diff'; diff: GeoJSONSourceDiff };

/**
 * A record of what the map source holds, turning asset changes into the smallest source update.
 * Features carry `id` as a property; the source promotes it (`promoteId: 'id'`).
 */
export class AssetSourceMirror {
  private readonly entries = new Map<string, Mirrored>();
  private loaded = false;

  get size(): number {
    return this.entries.size;
  }

  /** Every marker the source holds, by asset id. */
  get markers(): ReadonlyMap<string, MarkerEntry> {
    return this.entries;
  }

  /** The coordinates the source was last given for an asset, `[lng, lat]`. */
  positionOf(id: string): [number, number] | null {
    const entry = this.entries.get(id);
    return entry ? [entry.lng, entry.lat] : null;
  }

  /** Everything at once: the first load, and after the picture started over. */
  full(things: ThingsById): SourceUpdate {
    this.entries.clear();
    const features: AssetFeature[] = [];
    for (const thing of things.values()) {
      const entry = mirroredOf(thing);
      if (!entry) continue;
      this.entries.set(thing.id, entry);
      features.push(featureOf(thing.id, entry));
    }
    this.loaded = true;
    return { kind: 'full', data: { type: 'FeatureCollection', features } };
  }

  /**
   * The update for one picture from the ids the pipeline says it changed; null when nothing visible changed.
   * Only valid when the previous picture was applied too (see `reconcile` otherwise).
   */
  forChanges(things: ThingsById, changes: PictureChanges): SourceUpdate | null {
    if (!this.loaded || changes.reset) return this.full(things);
    return this.diffFor(things, [changes.addedThings, changes.updatedThings], changes.removedThings);
  }

  /** Compares every asset, for when pictures were skipped (the map mounted late). */
  reconcile(things: ThingsById): SourceUpdate | null {
    if (!this.loaded) return this.full(things);
    const gone = [...this.entries.keys()].filter((id) => !things.has(id));
    return this.diffFor(things, [things.keys()], gone);
  }

  private diffFor(things: ThingsById, idLists: Iterable<string>[], removedIds: Iterable<string>) {
    const add: AssetFeature[] = [];
    const update: NonNullable<GeoJSONSourceDiff['update']> = [];
    const remove: string[] = [];
    for (const id of removedIds) {
      if (this.entries.delete(id)) remove.push(id);
    }
    for (const ids of idLists) {
      for (const id of ids) this.diffOne(things, id, add, update, remove);
    }
    if (add.length === 0 && update.length === 0 && remove.length === 0) return null;
    const diff: GeoJSONSourceDiff = {};
    if (remove.length > 0) diff.remove = remove;
    if (add.length > 0) diff.add = add;
    if (update.length > 0) diff.update = update;
    return { kind: 'diff', diff } satisfies SourceUpdate;
  }

  private diffOne(
    things: ThingsById,
    id: string,
    add: AssetFeature[],
    update: NonNullable<GeoJSONSourceDiff['update']>,
    remove: string[],
  ): void {
    const thing = things.get(id);
    const next = thing ? mirroredOf(thing) : null;
    const previous = this.entries.get(id);
    if (!next) {
      if (previous) {
        this.entries.delete(id);
        remove.push(id);
      }
      return;
    }
    this.entries.set(id, next);
    if (!previous) {
      add.push(featureOf(id, next));
      return;
    }
    const moved = previous.lng !== next.lng || previous.lat !== next.lat;
    const properties: { key: string; value: unknown }[] = [];
    if (previous.category !== next.category) properties.push({ key: 'category', value: next.category });
    if (previous.status !== next.status) properties.push({ key: 'status', value: next.status });
    if (!moved && properties.length === 0) return;
    update.push({
      id,
      ...(moved ? { newGeometry: { type: 'Point', coordinates: [next.lng, next.lat] } } : {}),
      ...(properties.length > 0 ? { addOrUpdateProperties: properties } : {}),
    });
  }
}
