// Runs in the live worker: turns the live picture into the map's marker attributes (liveProtocol.ts
// MarkerAttributes). It notes what each picture changed (`picture.changes`, never record identity: the domain
// reuses records) and, when the page is ready for a frame, packs the current records into fresh typed arrays
// that are transferred, not copied. Every attribute the layers draw is packed here, so the page runs no accessor
// per marker. Index order stays stable while no asset comes, goes or is raised (markerStyle.ts stacking), so the
// page keeps its id list and its picking answers; raised markers come last, and deck.gl draws later ones on top.
// Assets a station marker draws instead (client/live/mapView.ts grouping) are skipped. A pack that would draw
// exactly what the last one drew — a report that changed an asset's speed or check-in time but not its position,
// status, type or course — sends nothing, so the map draws no frame for it (issue 38: no frame when nothing visible
// changed; on a software GPU every frame costs tens of milliseconds of CPU).
import type { LivePicture } from '#domain/live/livePicture';
import type { Thing } from '#domain/things/thing';
import {
  CATEGORY_INDEX,
  STATUS_RING_COLORS,
  isRaisedMarker,
  markerCategory,
  movingCourse,
} from '../ui/markerStyle.ts';
import type { MarkerAttributes } from './mapProtocol.ts';

type PositionedThing = Thing & { position: { lat: number; lng: number } };

function hasPosition(thing: Thing | undefined): thing is PositionedThing {
  return thing !== undefined && thing.position !== null;
}

/** Origins are rounded so that a new one is rare and offsets stay small within a region. */
function originNear(thing: PositionedThing): [number, number] {
  return [Math.round(thing.position.lng * 10) / 10, Math.round(thing.position.lat * 10) / 10];
}

type MarkerArrays = Pick<
  MarkerAttributes,
  'positions' | 'categories' | 'ringColors' | 'arrowAngles' | 'arrowScales'
>;
const ARRAY_NAMES = ['positions', 'categories', 'ringColors', 'arrowAngles', 'arrowScales'] as const;

function sameValues(a: Float32Array | Uint8Array, b: Float32Array | Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

/** Whether two packs in the same index order draw the same markers. */
function drawsTheSame(a: MarkerAttributes, b: MarkerAttributes): boolean {
  return (
    a.count === b.count &&
    a.origin[0] === b.origin[0] &&
    a.origin[1] === b.origin[1] &&
    ARRAY_NAMES.every((name) => sameValues(a[name], b[name]))
  );
}

function copyOf(packed: MarkerAttributes): MarkerAttributes {
  const arrays = Object.fromEntries(ARRAY_NAMES.map((name) => [name, packed[name].slice()])) as MarkerArrays;
  return { ...packed, ...arrays };
}

export class MarkerPacker {
  private ids: string[] = [];
  private indexOf = new Map<string, number>();
  private raised = new Set<string>();
  private origin: [number, number] | null = null;
  /** Assets drawn by a station marker instead. */
  private skipped: ReadonlySet<string> = new Set();
  /** Whether anything changed since the last pack, and whether the index order must be rebuilt. */
  private dirty = true;
  private reorder = true;
  /** A copy of what the last pack sent (its arrays are transferred to the page), to tell an unchanged pack. */
  private last: MarkerAttributes | null = null;

  /** Which assets a station marker draws instead; a change rebuilds the index order. */
  setSkipped(ids: ReadonlySet<string>): void {
    this.skipped = ids;
    this.dirty = true;
    this.reorder = true;
  }

  private isMarker(id: string, thing: Thing | undefined): thing is PositionedThing {
    return hasPosition(thing) && !this.skipped.has(id);
  }

  /** Called for every picture, sent or not, so coalesced pictures lose none of their changes. */
  note(picture: LivePicture): void {
    const { changes } = picture;
    if (changes.reset) {
      // Another organization's fleet may be elsewhere: its markers get an origin of their own.
      this.origin = null;
      this.dirty = true;
      this.reorder = true;
      return;
    }
    if (changes.addedThings.length > 0 || changes.removedThings.length > 0) this.reorder = true;
    if (!this.reorder) {
      // An asset that gained or lost its position joins or leaves the markers; one raised or lowered moves.
      for (const id of changes.updatedThings) {
        const thing = picture.things.get(id);
        if (
          this.indexOf.has(id) !== this.isMarker(id, thing) ||
          (thing !== undefined && this.raised.has(id) !== isRaisedMarker(thing))
        ) {
          this.reorder = true;
          break;
        }
      }
    }
    if (this.reorder || changes.updatedThings.length > 0) this.dirty = true;
  }

  /** The markers as they are now, or null when nothing changed since the last pack. */
  pack(picture: LivePicture): MarkerAttributes | null {
    if (!this.dirty) return null;
    const reordered = this.reorder;
    if (reordered) this.rebuildOrder(picture);
    this.dirty = false;
    this.reorder = false;
    const count = this.ids.length;
    const [originLng, originLat] = this.origin ?? [0, 0];
    const positions = new Float32Array(count * 2);
    const categories = new Uint8Array(count);
    const ringColors = new Uint8Array(count * 4);
    const arrowAngles = new Float32Array(count);
    const arrowScales = new Float32Array(count);
    for (let index = 0; index < count; index += 1) {
      const thing = picture.things.get(this.ids[index] as string);
      if (!hasPosition(thing)) continue;
      positions[index * 2] = thing.position.lng - originLng;
      positions[index * 2 + 1] = thing.position.lat - originLat;
      categories[index] = CATEGORY_INDEX[markerCategory(thing)];
      ringColors.set(STATUS_RING_COLORS[thing.status], index * 4);
      const course = movingCourse(thing);
      if (course !== null) {
        // A course is clockwise from north; deck.gl turns icons counter-clockwise.
        arrowAngles[index] = -course;
        arrowScales[index] = 1;
      }
    }
    const packed: MarkerAttributes = {
      count,
      ids: reordered ? [...this.ids] : null,
      origin: [originLng, originLat],
      positions,
      categories,
      ringColors,
      arrowAngles,
      arrowScales,
    };
    if (!reordered && this.last !== null && drawsTheSame(this.last, packed)) return null;
    this.last = copyOf(packed);
    return packed;
  }

  /**
   * Keeps the survivors in their order and appends newcomers, so most indexes survive a change; lowered
   * markers first, raised ones after them.
   */
  private rebuildOrder(picture: LivePicture): void {
    const lowered: string[] = [];
    const raised: string[] = [];
    const seen = new Set<string>();
    const place = (thing: PositionedThing) => {
      (isRaisedMarker(thing) ? raised : lowered).push(thing.id);
      seen.add(thing.id);
    };
    for (const id of this.ids) {
      const thing = picture.things.get(id);
      if (this.isMarker(id, thing)) place(thing);
    }
    for (const thing of picture.things.values()) {
      if (!seen.has(thing.id) && this.isMarker(thing.id, thing)) place(thing);
    }
    this.ids = [...lowered, ...raised];
    this.indexOf = new Map(this.ids.map((id, index) => [id, index]));
    this.raised = new Set(raised);
    const first = this.ids[0];
    const firstThing = first === undefined ? undefined : picture.things.get(first);
    if (this.origin === null && hasPosition(firstThing)) this.origin = originNear(firstThing);
  }

  /** Starts over (organization switch or a new page). */
  forget(): void {
    this.last = null;
    this.ids = [];
    this.indexOf = new Map();
    this.raised = new Set();
    this.origin = null;
    this.dirty = true;
    this.reorder = true;
  }
}
