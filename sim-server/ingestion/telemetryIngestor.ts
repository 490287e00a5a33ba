// The single entry for device telemetry. Per batch: check every sample, then in ONE transaction append an event
// per sample and move its thing; only after the commit, broadcast to every organization that sees the thing.
// A bad sample rejects the whole batch before anything is written.
import type { Broadcaster } from '../cable/broadcaster.ts';
import type { Clock } from '../shared/clock.ts';
import type { EventLog } from '../store/eventLog.ts';
import type { TelemetryRecord } from '../store/events.ts';
import { checkSample, TelemetryRejected, type TelemetrySample } from './telemetrySample.ts';

export type IngestResult = { accepted: number; unknown: number };

export type TelemetryIngestor = {
  ingest(samples: readonly TelemetrySample[]): IngestResult;
  /** Drops what is remembered about a device (call when a thing's owner or sharing changes). */
  forgetDevice(deviceId: string): void;
};

type KnownDevice = {
  thingKey: number;
  thingId: string;
  organizationId: string;
  deviceType: string;
  audience: string[];
};

type Delivery = { audience: string[]; type: 'point' | 'heartbeat'; data: Record<string, unknown> };

export function createTelemetryIngestor(
  log: EventLog,
  broadcaster: () => Broadcaster,
  clock: Clock,
): TelemetryIngestor {
  const findThing = log.db.prepare<
    [string],
    { thing_key: number; id: string; organization_id: string; device_type: string }
  >(
    'SELECT thing_key, id, organization_id, device_type FROM things WHERE system_identifier = ? AND is_active = 1',
  );
  const findAudience = log.db.prepare<[string], { organization_id: string }>(
    'SELECT organization_id FROM thing_access WHERE thing_id = ? ORDER BY organization_id',
  );
  const devices = new Map<string, KnownDevice>();

  function lookUp(deviceId: string): KnownDevice | null {
    const known = devices.get(deviceId);
    if (known) return known;
    const row = findThing.get(deviceId);
    if (!row) return null;
    const device = {
      thingKey: row.thing_key,
      thingId: row.id,
      organizationId: row.organization_id,
      deviceType: row.device_type,
      audience: findAudience.all(row.id).map((access) => access.organization_id),
    };
    devices.set(deviceId, device);
    return device;
  }

  function write(samples: readonly TelemetrySample[]) {
    const recordedAt = clock.now();
    const deliveries: Delivery[] = [];
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
      const envelope = { streamId: device.thingId, organizationId: device.organizationId, recordedAt };
      const seq = log.store.append(
        { type: isPoint ? 'PointRecorded' : 'HeartbeatRecorded', data: record },
        envelope,
      );
      const outcome = log.projections.applyTelemetry(seq, { key: device.thingKey }, record, recordedAt);
      if (!outcome) continue;
      const common = {
        thing_id: device.thingId,
        lat: sample.lat,
        lng: sample.lng,
        speed: sample.speed,
        course: sample.course,
        accuracy: sample.accuracy,
        street: outcome.street,
        enroute: sample.enroute,
      };
      deliveries.push(
        isPoint
          ? {
              audience: device.audience,
              type: 'point',
              data: { id: String(seq), ...common, run_id: outcome.runId, timestamp: time },
            }
          : {
              audience: device.audience,
              type: 'heartbeat',
              // Only active things are looked up, so a heartbeat that gets this far is from an active thing.
              data: { ...common, is_active: true, heartbeat_datetime: time },
            },
      );
    }
    return { deliveries, unknown };
  }

  return {
    ingest(samples) {
      samples.forEach((sample, index) => {
        const problem = checkSample(sample);
        if (problem) throw new TelemetryRejected(`samples[${index}]: ${problem}`);
      });
      const { deliveries, unknown } = log.transaction(() => write(samples));
      const target = broadcaster();
      for (const delivery of deliveries) {
        for (const organizationId of delivery.audience)
          target.broadcast(organizationId, delivery.type, delivery.data);
      }
      return { accepted: samples.length - unknown, unknown };
    },
    forgetDevice(deviceId) {
      devices.delete(deviceId);
    },
  };
}
