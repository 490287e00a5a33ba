// The single entry for device telemetry. Per batch: check every sample, then in ONE write (the log's top-level
// transaction, awaited) record an event per sample through the event log (which projects it); the log's subscribers
// broadcast after the commit (cable/committedBroadcasts.ts). A bad sample rejects the whole batch before anything is
// written.
//
// It remembers, per device, the thing it belongs to, so the hot path does no reads (the projections remember the
// live states). The memory is dropped whenever the projections' things version or the file's data version moves
// (a rebuild, a registration, another writer). Each recorded sample also goes past the wrong-way detector
// (alarms/wrongWayDetector.ts), whose detections are appended right after it, in the same transaction.
import { createWrongWayDetector } from '../alarms/wrongWayDetector.ts';
import type { Clock } from '../kernel/clock.ts';
import type { EventLog } from '../store/eventLog.ts';
import type { TelemetryRecord } from '../store/events.ts';
import { telemetrySampleProblem, type IngestResult } from '#domain/telemetry/telemetrySample';
import { TelemetryRejected, type TelemetrySample } from './telemetrySample.ts';

export type TelemetryIngestor = {
  /** Checks every sample (a bad one rejects the batch), then records them all; resolves once committed. */
  ingest(samples: readonly TelemetrySample[]): Promise<IngestResult>;
  /** Records samples already parsed with the sample schema (the HTTP route's body), without checking them again. */
  ingestParsed(samples: readonly TelemetrySample[]): Promise<IngestResult>;
  /** `ingestParsed` inside a write already running (a benchmark's batch of several); returns the unknown count. */
  recordParsed(samples: readonly TelemetrySample[]): IngestResult;
};

type KnownDevice = { thingId: string; organizationId: string; deviceType: string };

export function createTelemetryIngestor(log: EventLog, clock: Clock): TelemetryIngestor {
  const { db, projections } = log;
  const findThing = db.prepare<[string], { id: string; organization_id: string; device_type: string }>(
    'SELECT id, organization_id, device_type FROM things WHERE system_identifier = ? AND is_active = 1',
  );
  const devices = new Map<string, KnownDevice>();
  const wrongWay = createWrongWayDetector(log);
  let knownVersion = '';

  function forgetWhenChanged() {
    const version = `${projections.thingsVersion()}:${String(db.pragma('data_version', { simple: true }))}`;
    if (version !== knownVersion) {
      devices.clear();
      wrongWay.forget();
    }
    knownVersion = version;
  }

  function lookUp(deviceId: string): KnownDevice | null {
    const known = devices.get(deviceId);
    if (known) return known;
    const row = findThing.get(deviceId);
    if (!row) return null;
    const device = { thingId: row.id, organizationId: row.organization_id, deviceType: row.device_type };
    devices.set(deviceId, device);
    return device;
  }

  function write(samples: readonly TelemetrySample[]): number {
    const recordedAt = clock.now();
    let unknown = 0;
    // Samples of one batch mostly share their time: normalise each distinct text once.
    let lastTime = '';
    let lastIso = '';
    for (const sample of samples) {
      const device = lookUp(sample.device_id);
      if (!device || device.deviceType !== sample.device_type) {
        unknown += 1;
        continue;
      }
      if (sample.time !== lastTime) {
        lastTime = sample.time;
        lastIso = new Date(Date.parse(sample.time)).toISOString();
      }
      const data: TelemetryRecord = {
        time: lastIso,
        lat: sample.lat,
        lng: sample.lng,
        speed: sample.speed,
        course: sample.course,
        accuracy: sample.accuracy,
        enroute: sample.enroute,
        street: sample.street ?? null,
      };
      log.record(
        { type: sample.kind === 'point' ? 'PointRecorded' : 'HeartbeatRecorded', data },
        { streamId: device.thingId, organizationId: device.organizationId, recordedAt },
      );
      const detections = wrongWay.observe(device.thingId, data);
      if (detections)
        for (const { zone, event } of detections)
          log.record(event, { streamId: zone.id, organizationId: zone.organizationId, recordedAt });
    }
    return unknown;
  }

  /** Inside the write: what is remembered is checked against the file as the write finds it. */
  function recordParsed(samples: readonly TelemetrySample[]): IngestResult {
    forgetWhenChanged();
    const unknown = write(samples);
    return { accepted: samples.length - unknown, unknown };
  }

  const ingestParsed = (samples: readonly TelemetrySample[]) => log.write(() => recordParsed(samples));

  return {
    async ingest(samples) {
      samples.forEach((sample, index) => {
        const problem = telemetrySampleProblem(sample);
        if (problem) throw new TelemetryRejected(`samples[${index}]: ${problem}`);
      });
      return ingestParsed(samples);
    },
    ingestParsed,
    recordParsed,
  };
}
