// The assets of a picture: a read-only Map by id, stored as an index (id → slot) and an array of slots. A batch
// copies the slot array (a memcpy of pointers) rather than a 10,000-entry hash map, and copies the index only when
// assets are added or removed, which is rare. Readers see an ordinary ReadonlyMap.
import type { Thing } from '#domain/things/thing';

export class ThingTable implements ReadonlyMap<string, Thing> {
  readonly size: number;
  /** @internal slot of each asset id; shared by successive tables while the membership is unchanged. */
  readonly index: ReadonlyMap<string, number>;
  /** @internal records by slot; a removed asset leaves a hole until the table is compacted. */
  readonly slots: readonly (Thing | undefined)[];

  constructor(index: ReadonlyMap<string, number>, slots: readonly (Thing | undefined)[], size: number) {
    this.index = index;
    this.slots = slots;
    this.size = size;
  }

  static empty(): ThingTable {
    return new ThingTable(new Map(), [], 0);
  }

  get(id: string): Thing | undefined {
    const slot = this.index.get(id);
    return slot === undefined ? undefined : this.slots[slot];
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  *values(): MapIterator<Thing> {
    for (const thing of this.slots) if (thing !== undefined) yield thing;
  }

  *keys(): MapIterator<string> {
    for (const thing of this.slots) if (thing !== undefined) yield thing.id;
  }

  *entries(): MapIterator<[string, Thing]> {
    for (const thing of this.slots) if (thing !== undefined) yield [thing.id, thing];
  }

  [Symbol.iterator](): MapIterator<[string, Thing]> {
    return this.entries();
  }

  forEach(
    callback: (value: Thing, key: string, map: ReadonlyMap<string, Thing>) => void,
    thisArg?: unknown,
  ): void {
    for (const thing of this.slots) if (thing !== undefined) callback.call(thisArg, thing, thing.id, this);
  }
}

/** The writable side used by a batch (see pictureDraft.ts). */
export class ThingTableWriter {
  private readonly base: ThingTable;
  private index: Map<string, number> | null = null;
  private slots: (Thing | undefined)[] | null = null;
  private size: number;
  private holes = 0;

  constructor(base: ThingTable) {
    this.base = base;
    this.size = base.size;
  }

  get(id: string): Thing | undefined {
    const slot = (this.index ?? this.base.index).get(id);
    return slot === undefined ? undefined : (this.slots ?? this.base.slots)[slot];
  }

  /** The slot of an asset, or undefined for an unknown id. */
  slotOf(id: string): number | undefined {
    return (this.index ?? this.base.index).get(id);
  }

  at(slot: number): Thing | undefined {
    return (this.slots ?? this.base.slots)[slot];
  }

  /** Whether the record in a slot was written by this batch (it differs from the base table's). */
  ownsSlot(slot: number): boolean {
    return this.slots !== null && this.slots[slot] !== this.base.slots[slot];
  }

  /** Replaces the record in an existing slot. */
  replaceAt(slot: number, thing: Thing): void {
    this.writableSlots()[slot] = thing;
  }

  private writableSlots(): (Thing | undefined)[] {
    this.slots ??= this.base.slots.slice();
    return this.slots;
  }

  private writableIndex(): Map<string, number> {
    this.index ??= new Map(this.base.index);
    return this.index;
  }

  /** Stores a record; returns false when the id was new. */
  set(thing: Thing): boolean {
    const slot = (this.index ?? this.base.index).get(thing.id);
    const slots = this.writableSlots();
    if (slot !== undefined) {
      slots[slot] = thing;
      return true;
    }
    this.writableIndex().set(thing.id, slots.length);
    slots.push(thing);
    this.size += 1;
    return false;
  }

  delete(id: string): boolean {
    const slot = (this.index ?? this.base.index).get(id);
    if (slot === undefined) return false;
    this.writableSlots()[slot] = undefined;
    this.writableIndex().delete(id);
    this.size -= 1;
    this.holes += 1;
    return true;
  }

  /** Everything as it stands in the batch. Walking it while editing is safe: edits replace slots in place. */
  currentView(): { values(): Iterable<Thing>; keys(): Iterable<string> } {
    const slots = this.slots ?? this.base.slots;
    function* values() {
      for (const thing of slots) if (thing !== undefined) yield thing;
    }
    function* keys() {
      for (const thing of values()) yield thing.id;
    }
    return { values, keys };
  }

  get changed(): boolean {
    return this.slots !== null;
  }

  finish(): ThingTable {
    if (this.slots === null) return this.base;
    const index = this.index ?? this.base.index;
    const baseHoles = this.base.slots.length - this.base.size;
    // Holes are compacted once they make up a quarter of the slots, so removals never leak.
    if ((baseHoles + this.holes) * 4 > this.slots.length) {
      const slots = this.slots.filter((thing): thing is Thing => thing !== undefined);
      return new ThingTable(new Map(slots.map((thing, slot) => [thing.id, slot])), slots, slots.length);
    }
    return new ThingTable(index, this.slots, this.size);
  }
}
