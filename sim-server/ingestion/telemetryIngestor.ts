// The single entry for device telemetry. Per batch: check every sample, then in ONE transaction append an event
// per sample and move its thing; only after the commit, broadcast to every organization that sees the thing.
// A bad sample rejects the whole batch before anything is written.
//
// It remembers, per device, the thing it belongs to, who sees it and its committed live state, so the hot path
// does no reads. The memory is dropped whenever the projections' things version or the file's data version
// moves (a rebuild, a registration, another writer).
import type { Broadcaster } from '../cable/broadcaster.ts';
import type { Clock } from '../shared/clock.ts';
import type { EventLog } from '../store/eventLog.ts';
import type { TelemetryRecord } from '../store/events.ts';
import type { ThingLiveState } from '../things/thingLiveState.ts';
import { checkSample, TelemetryRejected, type TelemetrySample } from './telemetrySample.ts';

export type IngestResult = { accepted: number; unknown: number };

export type TelemetryIngestor = {
  ingest(samples: readonly TelemetrySample[]): IngestResult;
};

type KnownDevice = {
  thingKey: number;
  thingId: string;
  organizationId: string;
  deviceType: string;
  audience: string[];
  /** Committed live state; null until first needed. */
  state: ThingLiveState | null;
};

type Delivery = { audience: string[]; type: 'point' | 'heartbeat'; data: Record<string, unknown> };

export function createTelemetryIngestor(
  log: EventLog,
  broadcaster: () => Broadcaster,
  clock: Clock,
): TelemetryIngestor {
  const { db, store, projections } = log;
  const findThing = db.prepare<
    [string],
    { thing_key: number; id: string; organization_id: string; device_type: string }
  >(
    'SELECT thing_key, id, organization_id, device_type FROM things WHERE system_identifier = ? AND is_active = 1',
  );
  const findAudience = db.prepare<[string], { organization_id: string }>(
    'SELECT organization_id FROM thing_access WHERE thing_id = ? ORDER BY organization_id',
  );
  const devices = new Map<string, KnownDevice>();
  let knownVersion = '';

  function forgetWhenChanged() {
    const version = `${projections.thingsVersion()}:${db.pragma('data_version', { simple: true })}`;
    if (version !== knownVersion) devices.clear();
    knownVersion = version;
  }

  function lookUp(deviceId: string): KnownDevice | null {
    const known = devices.get(deviceId);
    if (known) return known;
    const row = findThing.get(deviceId);
    if (!row) return null;
    const device: KnownDevice = {
      thingKey: row.thing_key,
      thingId: row.id,
      organizationId: row.organization_id,
      deviceType: row.device_type,
      audience: findAudience.all(row.id).map((access) => access.organization_id),
      state: null,
    };
    devices.set(deviceId, device);
    return device;
  }

  function write(samples: readonly TelemetrySample[]) {
    const recordedAt = clock.now();
    const deliveries: Delivery[] = [];
    // States written in this batch; they become the remembered ones only once the transaction commits.
    const staged = new Map<KnownDevice, ThingLiveState>();
    let unknown = 0;
    for (const sample of samples) {
      const device = lookUp(sample.device_id);
      if (!device || device.deviceType !== sample.device_type) {
        unknown += 1;
        continue;
      }
      const time = new Date(Date.parse(sample.time)).toISOString();
      const record: TelemetryRecord = {
        time,
        lat: sample.lat,
        lng: sample.lng,
        speed: sample.speed,
        course: sample.course,
        accuracy: sample.accuracy,
        enroute: sample.enroute,
        street: sample.street ?? null,
      };
      const isPoint = sample.kind === 'point';
      const seq = store.append(
        { type: isPoint ? 'PointRecorded' : 'HeartbeatRecorded', data: record },
        { streamId: device.thingId, organizationId: device.organizationId, recordedAt },
      );
      const previous = staged.get(device) ?? device.state ?? projections.liveStateOf(device.thingKey);
      const next = projections.applyTelemetry(seq, device.thingKey, record, recordedAt, previous);
      if (!next) continue;
      staged.set(device, next);
      const common = {
        thing_id: device.thingId,
        lat: sample.lat,
        lng: sample.lng,
        speed: sample.speed,
        course: sample.course,
        accuracy: sample.accuracy,
        street: next.street,
        enroute: sample.enroute,
      };
      deliveries.push(
        isPoint
          ? {
              audience: device.audience,
              type: 'point',
              data: { id: String(seq), ...common, run_id: next.runId, timestamp: time },
            }
          : {
              audience: device.audience,
              type: 'heartbeat',
              // Only active things are looked up, so a heartbeat that gets this far is from an active thing.
              data: { ...common, is_active: true, heartbeat_datetime: time },
            },
      );
    }
    return { deliveries, unknown, staged };
  }

  return {
    ingest(samples) {
      samples.forEach((sample, index) => {
        const problem = checkSample(sample);
        if (problem) throw new TelemetryRejected(`samples[${index}]: ${problem}`);
      });
      forgetWhenChanged();
      const { deliveries, unknown, staged } = log.transaction(() => write(samples));
      for (const [device, state] of staged) device.state = state;
      const target = broadcaster();
      for (const delivery of deliveries) {
        for (const organizationId of delivery.audience)
          target.broadcast(organizationId, delivery.type, delivery.data);
      }
      return { accepted: samples.length - unknown, unknown };
    },
  };
}
