// A batch's workspace over a picture. Assets are changed in place in the store the pictures share (thingTable.ts):
// the first time the batch touches an asset it stamps the asset's slot with the coming version and lists its id
// in `changes`, so a batch of 12,000 messages costs one id lookup and a few field writes per message, and nothing
// is copied. The smaller collections (locations, closures, areas, zones, bookkeeping) are few and rarely written:
// they are copied the first time the batch writes them, so they stay immutable values a view may memoise on.
import type { Area } from '#domain/areas/area';
import { locationsOverCap, type Location } from '#domain/locations/location';
import type { Closure } from '#domain/closures/closure';
import type { EventSource } from '#domain/organizations/organization';
import { buildStationIndex, type StationIndex } from '#domain/stations/stationIndex';
import type { Thing } from '#domain/things/thing';
import { refreshReviewAt } from '#domain/things/thingStatus';
import type { AlertingZone } from '#domain/zones/alertingZone';
import type { LiveResource } from './liveEvents.ts';
import { unchangedStep, type DroppedCounts, type LivePicture } from './livePicture.ts';
import type { LiveSettings } from './liveSettings.ts';
import { ThingTable, type ThingStore } from './thingTable.ts';

export class PictureDraft {
  readonly base: LivePicture;
  readonly settings: LiveSettings;
  now: number;

  private readonly store: ThingStore;
  /** The version this batch commits; slots stamped with it were touched by the batch. */
  private readonly stamp: number;
  // Each id lands in at most one list, once. Updates are the common case and are listed as they happen; the rare
  // additions and removals are kept as sets, because an asset may come and go within one batch.
  private readonly updatedThings: string[] = [];
  private readonly addedThings = new Set<string>();
  private readonly removedThings = new Set<string>();
  private membershipOps = 0;
  private membershipChanged = false;

  private locations: Map<string, Location> | null = null;
  private closures: Map<string, Closure> | null = null;
  private closureIdsByThing: Map<string, readonly string[]> | null = null;
  private areas: Map<string, Area> | null = null;
  private zones: Map<string, AlertingZone> | null = null;
  private stationIndex: StationIndex | null = null;

  private loaded: Record<LiveResource, boolean> | null = null;
  private loadErrors: Partial<Record<LiveResource, number>> | null = null;
  private dropped: DroppedCounts | null = null;
  private eventSource: EventSource;
  private reviewDueAt: number;

  constructor(base: LivePicture) {
    const store = base.things.store;
    if (store.headVersion !== base.version) {
      throw new Error(
        `The live picture of version ${base.version} is no longer current (its assets are changed in place ` +
          'by later batches): evolve the newest picture.',
      );
    }
    this.base = base;
    this.store = store;
    this.stamp = base.version + 1;
    this.settings = base.settings;
    this.now = base.now;
    this.eventSource = base.eventSource;
    this.reviewDueAt = base.reviewDueAt;
  }

  // --- things -------------------------------------------------------------------------------

  get stations(): StationIndex {
    return this.stationIndex ?? this.base.stations;
  }

  /** Every asset as it stands in the batch, for rules that walk them all (the clock, new stations). */
  readThings(): ReadonlyMap<string, Thing> {
    return this.base.things;
  }

  readThing(id: string): Thing | undefined {
    return this.base.things.get(id);
  }

  /** The asset, to be changed in place by the rule that asks; undefined for an unknown asset. */
  editThing(id: string): Thing | undefined {
    const store = this.store;
    const slot = store.index.get(id);
    if (slot === undefined) return undefined;
    if (store.changedIn[slot] !== this.stamp) {
      store.changedIn[slot] = this.stamp;
      this.updatedThings.push(id);
    }
    return store.slots[slot];
  }

  /** Ends a rule's work on an asset: the next moment the clock alone may change it. */
  finishAsset(thing: Thing, now: number): void {
    refreshReviewAt(thing, now, this.settings);
    if (thing.reviewAt < this.reviewDueAt) this.reviewDueAt = thing.reviewAt;
  }

  /** No asset needs the clock before this moment (a lower bound; exact after a full review). */
  get earliestReview(): number {
    return this.reviewDueAt;
  }

  set earliestReview(at: number) {
    this.reviewDueAt = at;
  }

  /** Stores a whole record the caller made (a loaded or sent asset); it replaces the one with its id. */
  putThing(thing: Thing): void {
    if (thing.reviewAt < this.reviewDueAt) this.reviewDueAt = thing.reviewAt;
    const store = this.store;
    const slot = store.index.get(thing.id);
    if (slot === undefined) {
      store.append(thing, this.stamp);
      this.membershipChanged = true;
      this.membershipOps += 1;
      // Removed earlier in this batch and back again: for the picture before, it was only updated.
      if (this.removedThings.delete(thing.id)) this.updatedThings.push(thing.id);
      else this.addedThings.add(thing.id);
      return;
    }
    if (store.slots[slot]?.primaryDisplayName !== thing.primaryDisplayName) this.membershipChanged = true;
    store.slots[slot] = thing;
    if (store.changedIn[slot] !== this.stamp) {
      store.changedIn[slot] = this.stamp;
      this.updatedThings.push(thing.id);
    }
  }

  removeThing(id: string): boolean {
    const slot = this.store.index.get(id);
    if (slot === undefined) return false;
    this.store.remove(slot, id);
    this.membershipChanged = true;
    this.membershipOps += 1;
    if (!this.addedThings.delete(id)) this.removedThings.add(id);
    return true;
  }

  private thingsChanged(): boolean {
    return this.updatedThings.length > 0 || this.addedThings.size > 0 || this.removedThings.size > 0;
  }

  /** The updated ids, once each, without those that are gone or new after all (only after adds or removals). */
  private finalUpdatedThings(): readonly string[] {
    if (this.membershipOps === 0) return this.updatedThings;
    const listed = new Set<string>();
    for (const id of this.updatedThings) {
      if (this.store.index.has(id) && !this.addedThings.has(id)) listed.add(id);
    }
    return [...listed];
  }

  // --- locations ----------------------------------------------------------------------------

  readLocations(): ReadonlyMap<string, Location> {
    return this.locations ?? this.base.locations;
  }

  putLocation(location: Location): void {
    if (this.locations === null) this.locations = new Map(this.base.locations);
    this.locations.set(location.id, location);
  }

  removeLocation(id: string): void {
    if (!this.readLocations().has(id)) return;
    if (this.locations === null) this.locations = new Map(this.base.locations);
    this.locations.delete(id);
  }

  // --- closures -----------------------------------------------------------------------------

  readClosures(): ReadonlyMap<string, Closure> {
    return this.closures ?? this.base.closures;
  }

  readClosure(id: string): Closure | undefined {
    return this.readClosures().get(id);
  }

  closureIdsOf(thingId: string): readonly string[] {
    return (this.closureIdsByThing ?? this.base.closureIdsByThing).get(thingId) ?? [];
  }

  private writableClosures(): Map<string, Closure> {
    if (this.closures === null) this.closures = new Map(this.base.closures);
    return this.closures;
  }

  editClosure(id: string): Closure | undefined {
    const current = this.readClosures().get(id);
    if (current === undefined) return undefined;
    if (this.closures !== null && current !== this.base.closures.get(id)) return current;
    const copy = { ...current };
    this.writableClosures().set(id, copy);
    return copy;
  }

  putClosure(closure: Closure): void {
    const closures = this.writableClosures();
    const previous = closures.get(closure.id);
    closures.set(closure.id, closure);
    if (previous?.thingId !== closure.thingId) {
      if (previous?.thingId) this.unindexClosure(previous.thingId, closure.id);
      if (closure.thingId) this.indexClosure(closure.thingId, closure.id);
    }
  }

  removeClosure(id: string): Closure | undefined {
    const previous = this.readClosures().get(id);
    if (previous === undefined) return undefined;
    this.writableClosures().delete(id);
    if (previous.thingId) this.unindexClosure(previous.thingId, id);
    return previous;
  }

  private writableClosureIndex(): Map<string, readonly string[]> {
    if (this.closureIdsByThing === null) this.closureIdsByThing = new Map(this.base.closureIdsByThing);
    return this.closureIdsByThing;
  }

  private indexClosure(thingId: string, closureId: string): void {
    const index = this.writableClosureIndex();
    const ids = index.get(thingId) ?? [];
    if (!ids.includes(closureId)) index.set(thingId, [...ids, closureId]);
  }

  private unindexClosure(thingId: string, closureId: string): void {
    const index = this.writableClosureIndex();
    const ids = (index.get(thingId) ?? []).filter((id) => id !== closureId);
    if (ids.length > 0) index.set(thingId, ids);
    else index.delete(thingId);
  }

  // --- areas, stations, zones ---------------------------------------------------------------

  readAreas(): ReadonlyMap<string, Area> {
    return this.areas ?? this.base.areas;
  }

  readZones(): ReadonlyMap<string, AlertingZone> {
    return this.zones ?? this.base.zones;
  }

  replaceAreas(areas: readonly Area[]): void {
    this.areas = new Map(areas.map((area) => [area.id, area]));
    this.stationIndex = buildStationIndex(this.areas.values(), this.settings.stationRadiusMetres);
  }

  replaceZones(zones: readonly AlertingZone[]): void {
    this.zones = new Map(zones.map((zone) => [zone.id, zone]));
  }

  // --- bookkeeping --------------------------------------------------------------------------

  markLoaded(resource: LiveResource): void {
    if (this.loaded === null) this.loaded = { ...this.base.loaded };
    this.loaded[resource] = true;
    const errors = this.loadErrors ?? this.base.loadErrors;
    if (errors[resource] !== undefined) {
      this.loadErrors = Object.fromEntries(Object.entries(errors).filter(([key]) => key !== resource));
    }
  }

  markFailed(resource: LiveResource, status: number): void {
    if (this.loadErrors === null) this.loadErrors = { ...this.base.loadErrors };
    this.loadErrors[resource] = status;
  }

  countDropped(kind: keyof DroppedCounts, count = 1): void {
    if (count <= 0) return;
    if (this.dropped === null) this.dropped = { ...this.base.dropped };
    this.dropped[kind] += count;
  }

  setEventSource(eventSource: EventSource): void {
    this.eventSource = eventSource;
  }

  /**
   * The next picture. When the batch changed nothing, the same version with no changes: the base itself when it
   * already reports none.
   */
  commit(): LivePicture {
    const base = this.base;
    const locations = this.locations;
    if (locations !== null && locations.size > this.settings.storedLocationsCap) {
      for (const trimmed of locationsOverCap(locations.values(), this.settings.storedLocationsCap)) {
        locations.delete(trimmed.id);
      }
    }
    const thingsChanged = this.thingsChanged();
    const changed =
      thingsChanged ||
      locations !== null ||
      this.closures !== null ||
      this.areas !== null ||
      this.zones !== null ||
      this.loaded !== null ||
      this.loadErrors !== null ||
      this.dropped !== null ||
      this.eventSource !== base.eventSource;
    if (!changed) return unchangedStep(base);
    const version = this.stamp;
    if (thingsChanged) this.store.compactIfSparse();
    this.store.headVersion = version;
    return {
      version,
      now: this.now,
      settings: base.settings,
      organization: base.organization,
      eventSource: this.eventSource,
      things: thingsChanged ? new ThingTable(this.store) : base.things,
      thingsMembershipVersion: base.thingsMembershipVersion + (this.membershipChanged ? 1 : 0),
      thingOrder: this.membershipChanged ? { ids: null } : base.thingOrder,
      reviewDueAt: this.reviewDueAt,
      locations: locations ?? base.locations,
      closures: this.closures ?? base.closures,
      closureIdsByThing: this.closureIdsByThing ?? base.closureIdsByThing,
      areas: this.areas ?? base.areas,
      zones: this.zones ?? base.zones,
      stations: this.stationIndex ?? base.stations,
      loaded: this.loaded ?? base.loaded,
      loadErrors: this.loadErrors ?? base.loadErrors,
      dropped: this.dropped ?? base.dropped,
      changes: {
        reset: false,
        addedThings: [...this.addedThings],
        updatedThings: this.finalUpdatedThings(),
        removedThings: [...this.removedThings],
        locations: locations !== null,
        closures: this.closures !== null,
        areas: this.areas !== null,
        zones: this.zones !== null,
      },
    };
  }

  /** The batch is abandoned (the organization switched within it): its store may hold half a batch now. */
  discard(): void {
    if (this.thingsChanged()) this.store.headVersion = Number.NaN;
  }
}
