// A batch's private workspace over a picture. A batch of 12,000 messages must cost about a microsecond each, so
// the rules mutate records in place; purity is kept by copying on write once per batch: a collection is copied the
// first time the batch writes to it, a record the first time the batch touches it. The picture the batch started
// from is never modified, and the next picture shares every untouched record with it.
import type { Area } from '#domain/areas/area';
import { locationsOverCap, type Location } from '#domain/locations/location';
import type { Closure } from '#domain/closures/closure';
import type { EventSource } from '#domain/organizations/organization';
import { buildStationIndex, type StationIndex } from '#domain/stations/stationIndex';
import { copyThing, refreshReviewAt, type Thing } from '#domain/things/thing';
import type { AlertingZone } from '#domain/zones/alertingZone';
import type { LiveResource } from './liveEvents.ts';
import type { DroppedCounts, LivePicture } from './livePicture.ts';
import type { LiveSettings } from './liveSettings.ts';
import { ThingTableWriter } from './thingTable.ts';

export class PictureDraft {
  readonly base: LivePicture;
  readonly settings: LiveSettings;
  now: number;

  // A record is the batch's own when it differs from the base picture's record in the same slot: it was copied
  // or created in this batch.
  private readonly things: ThingTableWriter;
  // Each id lands in at most one list, once: a record is recorded the first time the batch writes its slot.
  private addedThings: string[] = [];
  private updatedThings: string[] = [];
  private removedThings: string[] = [];
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
    this.base = base;
    this.settings = base.settings;
    this.now = base.now;
    this.eventSource = base.eventSource;
    this.things = new ThingTableWriter(base.things);
    this.reviewDueAt = base.reviewDueAt;
  }

  // --- things -------------------------------------------------------------------------------

  get stations(): StationIndex {
    return this.stationIndex ?? this.base.stations;
  }

  /** Every asset as it stands in the batch, for rules that walk them all (the clock, new stations). */
  readThings(): { values(): Iterable<Thing>; keys(): Iterable<string> } {
    return this.things.changed ? this.things.currentView() : this.base.things;
  }

  readThing(id: string): Thing | undefined {
    return this.things.get(id);
  }

  /** The asset, copied once per batch so the rules may change it in place; undefined for an unknown asset. */
  editThing(id: string): Thing | undefined {
    const slot = this.things.slotOf(id);
    if (slot === undefined) return undefined;
    const current = this.things.at(slot);
    if (current === undefined || this.things.ownsSlot(slot)) return current;
    const copy = copyThing(current);
    this.things.replaceAt(slot, copy);
    this.updatedThings.push(id);
    return copy;
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

  /** Stores a record the caller made for this batch (the draft owns it from now on). */
  putThing(thing: Thing): void {
    if (thing.reviewAt < this.reviewDueAt) this.reviewDueAt = thing.reviewAt;
    const slot = this.things.slotOf(thing.id);
    const previous = slot === undefined ? undefined : this.things.at(slot);
    const firstWrite = slot === undefined || !this.things.ownsSlot(slot);
    this.things.set(thing);
    if (previous === undefined) {
      this.membershipChanged = true;
      if (this.base.things.has(thing.id)) {
        // Removed earlier in this batch and back again: for the picture before, it was only updated.
        this.removedThings = this.removedThings.filter((id) => id !== thing.id);
        this.updatedThings.push(thing.id);
      } else {
        this.addedThings.push(thing.id);
      }
      return;
    }
    if (previous.primaryDisplayName !== thing.primaryDisplayName) this.membershipChanged = true;
    if (firstWrite) this.updatedThings.push(thing.id);
  }

  removeThing(id: string): boolean {
    if (!this.things.delete(id)) return false;
    this.membershipChanged = true;
    if (this.base.things.has(id)) {
      this.updatedThings = this.updatedThings.filter((updated) => updated !== id);
      this.removedThings.push(id);
    } else {
      this.addedThings = this.addedThings.filter((added) => added !== id);
    }
    return true;
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

  /** The next picture, or the base itself when the batch changed nothing. */
  commit(): LivePicture {
    const base = this.base;
    const locations = this.locations;
    if (locations !== null && locations.size > this.settings.storedLocationsCap) {
      for (const trimmed of locationsOverCap(locations.values(), this.settings.storedLocationsCap)) {
        locations.delete(trimmed.id);
      }
    }
    const thingsChanged =
      this.addedThings.length > 0 || this.updatedThings.length > 0 || this.removedThings.length > 0;
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
    if (!changed) return base;
    return {
      version: base.version + 1,
      now: this.now,
      settings: base.settings,
      organization: base.organization,
      eventSource: this.eventSource,
      things: thingsChanged ? this.things.finish() : base.things,
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
        addedThings: this.addedThings,
        updatedThings: this.updatedThings,
        removedThings: this.removedThings,
        locations: locations !== null,
        closures: this.closures !== null,
        areas: this.areas !== null,
        zones: this.zones !== null,
      },
    };
  }
}
