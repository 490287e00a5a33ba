// INTERIM LIVE STATE — to be replaced by the domain pipeline (domain/pipeline, `evolve` over live events).
//
// This is the only place where the client folds snapshots and cable messages into its assets. It deliberately
// carries no business rules: it copies position, speed, course, accuracy, street, en-route flag and heartbeat
// time from messages, upserts whole things, and removes inactive ones. Status windows, staleness, stations,
// runs, incidents and closures arrive with the pipeline; when they do, this module and its test go away and the
// bridge (liveBridge.ts) feeds the pipeline instead.
import { courseToDirection, mapServerThing, truncateCoordinate, type Thing } from '#domain/things/thing';
import type { HeartbeatPayload, LiveMessage, PointPayload } from './cableFrames.ts';

export type ThingsById = ReadonlyMap<string, Thing>;

/** What one batch changed, so the list and the map touch only those assets. */
export type BatchChanges = {
  /** Ids added or updated, each once, in first-touched order. */
  changed: string[];
  removed: string[];
  /** True when an asset was added, removed or renamed, i.e. the sorted order may differ. */
  membershipChanged: boolean;
};

export type BatchResult = { things: ThingsById; changes: BatchChanges };

type MovementFields = {
  lat?: number | null;
  lng?: number | null;
  speed?: number | null;
  course?: number | null;
  accuracy?: number | null;
  street?: string | null;
  enroute?: boolean | null;
};

/** Writes a message's movement into a copy the current batch owns (never into a published thing). */
function moveInPlace(thing: Thing, fields: MovementFields): void {
  if (typeof fields.lat === 'number' && typeof fields.lng === 'number') {
    const position = { lat: truncateCoordinate(fields.lat), lng: truncateCoordinate(fields.lng) };
    thing.position = position;
    thing.lat = position.lat;
    thing.lng = position.lng;
  }
  if (fields.speed !== null && fields.speed !== undefined) thing.speed = fields.speed;
  if (fields.course !== null && fields.course !== undefined && fields.course !== thing.course) {
    thing.course = fields.course;
    thing.courseDirection = courseToDirection(fields.course);
  }
  if (fields.accuracy !== null && fields.accuracy !== undefined) thing.accuracy = fields.accuracy;
  if (fields.street !== null && fields.street !== undefined) thing.street = fields.street;
  if (fields.enroute !== null && fields.enroute !== undefined) thing.enroute = fields.enroute;
}

function applyPoint(thing: Thing, point: PointPayload): void {
  moveInPlace(thing, point);
}

function applyHeartbeat(thing: Thing, heartbeat: HeartbeatPayload): void {
  moveInPlace(thing, heartbeat);
  const heartbeatTime = heartbeat.heartbeat_datetime ? Date.parse(heartbeat.heartbeat_datetime) : Number.NaN;
  if (!Number.isNaN(heartbeatTime)) thing.heartbeatTime = heartbeatTime;
}

function sortsDifferently(before: Thing, after: Thing): boolean {
  return before.primaryDisplayName !== after.primaryDisplayName;
}

/**
 * A batch builder over a copy of the current assets; the input map and its things are never modified. Each
 * touched asset is copied once per batch and later messages for it write into that copy, so a burst of
 * messages for one asset costs one copy.
 */
class BatchApplier {
  private readonly things: Map<string, Thing>;
  /** Ids whose thing object was created in this batch and may be written in place. */
  private readonly owned = new Set<string>();
  private readonly changed = new Set<string>();
  private readonly removed = new Set<string>();
  private membershipChanged = false;

  constructor(current: ThingsById) {
    this.things = new Map(current);
  }

  upsert(thing: Thing) {
    const before = this.things.get(thing.id);
    if (!before || sortsDifferently(before, thing)) this.membershipChanged = true;
    this.things.set(thing.id, thing);
    this.owned.add(thing.id);
    this.changed.add(thing.id);
    this.removed.delete(thing.id);
  }

  remove(id: string) {
    if (!this.things.delete(id)) return;
    this.owned.delete(id);
    this.membershipChanged = true;
    this.changed.delete(id);
    this.removed.add(id);
  }

  update(id: string, change: (thing: Thing) => void) {
    const current = this.things.get(id);
    // Messages for assets not (yet) known are dropped: the snapshot or a thing message brings them.
    if (!current) return;
    if (this.owned.has(id)) {
      change(current);
      return;
    }
    const copy = { ...current };
    change(copy);
    this.things.set(id, copy);
    this.owned.add(id);
    this.changed.add(id);
  }

  apply(message: LiveMessage) {
    switch (message.type) {
      case 'point':
        this.update(message.data.thing_id, (thing) => applyPoint(thing, message.data));
        return;
      case 'heartbeat':
        this.update(message.data.thing_id, (thing) => applyHeartbeat(thing, message.data));
        return;
      case 'thing':
        if (message.data.is_active === false) this.remove(message.data.id);
        else this.upsert(mapServerThing(message.data));
        return;
      default: {
        const unhandled: never = message;
        return unhandled;
      }
    }
  }

  result(): BatchResult {
    return {
      things: this.things,
      changes: {
        changed: [...this.changed],
        removed: [...this.removed],
        membershipChanged: this.membershipChanged,
      },
    };
  }
}

/** Applies one buffered batch of cable messages, in arrival order. */
export function applyLiveBatch(current: ThingsById, messages: readonly LiveMessage[]): BatchResult {
  const applier = new BatchApplier(current);
  for (const message of messages) applier.apply(message);
  return applier.result();
}

/**
 * Applies a REST snapshot. A full snapshot replaces everything (assets missing from it are removed); an
 * incremental one (after a reconnect) upserts what changed and removes what the provider marked inactive.
 */
export function applySnapshot(
  current: ThingsById,
  snapshot: { things: readonly Thing[]; inactiveIds: readonly string[] },
  mode: 'full' | 'incremental',
): BatchResult {
  const applier = new BatchApplier(current);
  if (mode === 'full') {
    const incoming = new Set(snapshot.things.map((thing) => thing.id));
    for (const id of current.keys()) if (!incoming.has(id)) applier.remove(id);
  }
  for (const thing of snapshot.things) applier.upsert(thing);
  for (const id of snapshot.inactiveIds) applier.remove(id);
  return applier.result();
}
