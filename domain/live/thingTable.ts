// The assets of a picture. A batch touches about 10,000 of them; copying each touched record cost more than all
// the rules together, so the records live in one store per organization that the batch changes in place, and the
// batch names what it changed in `picture.changes` (pictureDraft.ts). Every picture over the store is a view of
// the store as it is now: only the newest picture is current, and only it may be evolved (the store knows its
// version and the draft refuses an older one). `picture.things` is a new ThingTable object whenever a batch
// changed an asset, so signals and views memoised on it notice; its records are the live ones.
import type { Thing } from '#domain/things/thing';

/** @internal The records of one lineage of pictures; written only by a PictureDraft. */
export class ThingStore {
  /** Slot of each asset id. */
  index = new Map<string, number>();
  /** Records by slot; a removed asset leaves a hole until the store is compacted. */
  slots: (Thing | undefined)[] = [];
  /** Per slot: the version of the picture that last changed the record (a batch stamps what it touched). */
  changedIn: number[] = [];
  size = 0;
  private holes = 0;
  /** The version of the newest picture over this store, the only one that may be evolved; NaN once retired. */
  headVersion: number;

  constructor(headVersion: number) {
    this.headVersion = headVersion;
  }

  /** Stores a new asset in a fresh slot. */
  append(thing: Thing, version: number): void {
    this.index.set(thing.id, this.slots.length);
    this.slots.push(thing);
    this.changedIn.push(version);
    this.size += 1;
  }

  remove(slot: number, id: string): void {
    this.slots[slot] = undefined;
    this.index.delete(id);
    this.size -= 1;
    this.holes += 1;
  }

  /** Holes are dropped once they make up a quarter of the slots, so removals never leak. */
  compactIfSparse(): void {
    if (this.holes * 4 <= this.slots.length) return;
    const slots: Thing[] = [];
    const changedIn: number[] = [];
    const index = new Map<string, number>();
    this.slots.forEach((thing, slot) => {
      if (thing === undefined) return;
      index.set(thing.id, slots.length);
      slots.push(thing);
      changedIn.push(this.changedIn[slot] ?? 0);
    });
    this.slots = slots;
    this.changedIn = changedIn;
    this.index = index;
    this.holes = 0;
  }
}

/** The assets of a picture as a ReadonlyMap by id. */
export class ThingTable implements ReadonlyMap<string, Thing> {
  /** @internal */
  readonly store: ThingStore;

  constructor(store: ThingStore) {
    this.store = store;
  }

  static empty(version: number): ThingTable {
    return new ThingTable(new ThingStore(version));
  }

  get size(): number {
    return this.store.size;
  }

  get(id: string): Thing | undefined {
    const slot = this.store.index.get(id);
    return slot === undefined ? undefined : this.store.slots[slot];
  }

  has(id: string): boolean {
    return this.store.index.has(id);
  }

  *values(): MapIterator<Thing> {
    for (const thing of this.store.slots) if (thing !== undefined) yield thing;
  }

  *keys(): MapIterator<string> {
    for (const thing of this.store.slots) if (thing !== undefined) yield thing.id;
  }

  *entries(): MapIterator<[string, Thing]> {
    for (const thing of this.store.slots) if (thing !== undefined) yield [thing.id, thing];
  }

  [Symbol.iterator](): MapIterator<[string, Thing]> {
    return this.entries();
  }

  forEach(
    callback: (value: Thing, key: string, map: ReadonlyMap<string, Thing>) => void,
    thisArg?: unknown,
  ): void {
    for (const thing of this.store.slots)
      if (thing !== undefined) callback.call(thisArg, thing, thing.id, this);
  }
}
