// Runs in the live worker: turns the live picture into the map's marker attributes (liveProtocol.ts
// MarkerAttributes). It notes what each picture changed (`picture.changes`, never record identity: the domain
// reuses records) and, when the page is ready for a frame, packs the current records into fresh typed arrays
// that are transferred, not copied. Index order stays stable while no asset comes or goes, so the page keeps
// its id list and its picking answers.
import type { LivePicture } from '#domain/live/livePicture';
import type { Thing } from '#domain/things/thing';
import { CATEGORY_INDEX, STATUS_RING_COLORS, markerCategory } from '../map/markerStyle.ts';
import type { MarkerAttributes } from './liveProtocol.ts';

function hasPosition(thing: Thing | undefined): thing is Thing & { position: { lat: number; lng: number } } {
  return thing !== undefined && thing.position !== null;
}

export class MarkerPacker {
  private ids: string[] = [];
  private indexOf = new Map<string, number>();
  /** Whether anything changed since the last pack, and whether the index order must be rebuilt. */
  private dirty = true;
  private reorder = true;

  /** Called for every picture, sent or not, so coalesced pictures lose none of their changes. */
  note(picture: LivePicture): void {
    const { changes } = picture;
    if (changes.reset) {
      this.dirty = true;
      this.reorder = true;
      return;
    }
    if (changes.addedThings.length > 0 || changes.removedThings.length > 0) this.reorder = true;
    if (!this.reorder) {
      // An asset that gained or lost its position joins or leaves the markers.
      for (const id of changes.updatedThings) {
        if (this.indexOf.has(id) !== hasPosition(picture.things.get(id))) {
          this.reorder = true;
          break;
        }
      }
    }
    if (this.reorder || changes.updatedThings.length > 0) this.dirty = true;
  }

  /**
   * The markers as they are now, or null when nothing changed since the last pack. `skip`: assets drawn by a
   * station marker instead (client/live/mapView.ts); when it changes the caller calls `forget` first.
   */
  pack(picture: LivePicture, skip?: ReadonlySet<string>): MarkerAttributes | null {
    if (!this.dirty) return null;
    const reordered = this.reorder;
    if (reordered) this.rebuildOrder(picture, skip);
    this.dirty = false;
    this.reorder = false;
    const count = this.ids.length;
    const positions = new Float64Array(count * 3);
    const categories = new Uint8Array(count);
    const ringColors = new Uint8Array(count * 4);
    for (let index = 0; index < count; index += 1) {
      const thing = picture.things.get(this.ids[index] as string);
      if (!hasPosition(thing)) continue;
      positions[index * 3] = thing.position.lng;
      positions[index * 3 + 1] = thing.position.lat;
      categories[index] = CATEGORY_INDEX[markerCategory(thing)];
      ringColors.set(STATUS_RING_COLORS[thing.status], index * 4);
    }
    return { count, ids: reordered ? [...this.ids] : null, positions, categories, ringColors };
  }

  /** Keeps the survivors in their order and appends newcomers, so most indexes survive a change. */
  private rebuildOrder(picture: LivePicture, skip?: ReadonlySet<string>): void {
    const ids: string[] = [];
    const seen = new Set<string>(skip);
    for (const id of this.ids) {
      if (!seen.has(id) && hasPosition(picture.things.get(id))) {
        ids.push(id);
        seen.add(id);
      }
    }
    for (const thing of picture.things.values()) {
      if (!seen.has(thing.id) && hasPosition(thing)) ids.push(thing.id);
    }
    this.ids = ids;
    this.indexOf = new Map(ids.map((id, index) => [id, index]));
  }

  /** Starts over (organization switch or a new page). */
  forget(): void {
    this.ids = [];
    this.indexOf = new Map();
    this.dirty = true;
    this.reorder = true;
  }
}
