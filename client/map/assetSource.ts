// Keeps the map's asset GeoJSON source in step with the live assets by diff: after the first full load, each
// batch becomes one `updateData` with only the assets that moved, changed look, appeared or left (DESIGN §5).
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { GeoJSONSourceDiff } from 'maplibre-gl';
import type { Thing } from '#domain/things/thing';
import { availabilityOf } from '../live/availability.ts';
import type { BatchChanges, ThingsById } from '../live/liveThingsState.ts';

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

/** Out-of-service and offline assets are drawn by status; the rest by their type. */
export function markerCategory(thing: Thing, now: number): MarkerCategory {
  const availability = availabilityOf(thing, now);
  if (availability !== 'online') return availability;
  return TYPE_CATEGORIES[thing.thingType.toLowerCase()] ?? 'default';
}

type Mirrored = { lng: number; lat: number; category: MarkerCategory };

export type AssetFeature = Feature<Point, { id: string; category: MarkerCategory }>;

function featureOf(id: string, entry: Mirrored): AssetFeature {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [entry.lng, entry.lat] },
    properties: { id, category: entry.category },
  };
}

function mirroredOf(thing: Thing, now: number): Mirrored | null {
  if (!thing.position) return null;
  return { lng: thing.position.lng, lat: thing.position.lat, category: markerCategory(thing, now) };
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

  /** The coordinates the source was last given for an asset, `[lng, lat]`. */
  positionOf(id: string): [number, number] | null {
    const entry = this.entries.get(id);
    return entry ? [entry.lng, entry.lat] : null;
  }

  /** Everything at once: the first load, and after the assets were reset. */
  full(things: ThingsById, now: number): SourceUpdate {
    this.entries.clear();
    const features: AssetFeature[] = [];
    for (const thing of things.values()) {
      const entry = mirroredOf(thing, now);
      if (!entry) continue;
      this.entries.set(thing.id, entry);
      features.push(featureOf(thing.id, entry));
    }
    this.loaded = true;
    return { kind: 'full', data: { type: 'FeatureCollection', features } };
  }

  /** The update for one batch; null when nothing visible changed. */
  forBatch(things: ThingsById, changes: BatchChanges, now: number): SourceUpdate | null {
    if (!this.loaded || (things.size === 0 && this.entries.size > 0)) return this.full(things, now);
    return this.diffFor(things, changes.changed, changes.removed, now);
  }

  /** Compares every asset, for changes that come from time passing rather than from a message. */
  reconcile(things: ThingsById, now: number): SourceUpdate | null {
    if (!this.loaded) return this.full(things, now);
    const gone = [...this.entries.keys()].filter((id) => !things.has(id));
    return this.diffFor(things, things.keys(), gone, now);
  }

  private diffFor(things: ThingsById, ids: Iterable<string>, removedIds: Iterable<string>, now: number) {
    const add: AssetFeature[] = [];
    const update: NonNullable<GeoJSONSourceDiff['update']> = [];
    const remove: string[] = [];
    for (const id of removedIds) {
      if (this.entries.delete(id)) remove.push(id);
    }
    for (const id of ids) {
      const thing = things.get(id);
      const next = thing ? mirroredOf(thing, now) : null;
      const previous = this.entries.get(id);
      if (!next) {
        if (previous) {
          this.entries.delete(id);
          remove.push(id);
        }
        continue;
      }
      this.entries.set(id, next);
      if (!previous) {
        add.push(featureOf(id, next));
        continue;
      }
      const moved = previous.lng !== next.lng || previous.lat !== next.lat;
      const restyled = previous.category !== next.category;
      if (!moved && !restyled) continue;
      update.push({
        id,
        ...(moved ? { newGeometry: { type: 'Point', coordinates: [next.lng, next.lat] } } : {}),
        ...(restyled ? { addOrUpdateProperties: [{ key: 'category', value: next.category }] } : {}),
      });
    }
    if (add.length === 0 && update.length === 0 && remove.length === 0) return null;
    const diff: GeoJSONSourceDiff = {};
    if (remove.length > 0) diff.remove = remove;
    if (add.length > 0) diff.add = add;
    if (update.length > 0) diff.update = update;
    return { kind: 'diff', diff } satisfies SourceUpdate;
  }
}
