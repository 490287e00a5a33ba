// npx tsx scripts/benchWrongWay.ts — what wrong-way detection adds to telemetry ingestion (docs/alarms.md "Wrong-way
// detection"): the detector alone on 10,000 devices at 1 Hz around the seeded world (its wrong-way zones present,
// a hundred more drawn among the devices, and a few devices on zone lines), in CPU time per report, beside the
// ingestion's own CPU time per point measured in the same process. The detector's share is what the 100,000
// points/s ingestion budget (DESIGN.md §7) loses to it.
//
//   npx tsx scripts/benchWrongWay.ts [--things 10000] [--batches 30]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '#sim/app';
import { createWrongWayDetector } from '#sim/alarms/wrongWayDetector';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import type { TelemetryRecord } from '#sim/store/events';

const { values } = parseArgs({
  options: { things: { type: 'string', default: '10000' }, batches: { type: 'string', default: '30' } },
});
const thingCount = Number(values.things);
const batches = Number(values.batches);
const EXTRA_ZONES = 100;

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function cpuMicrosecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrong-way-'));
let clock = Date.parse('2026-03-02T15:00:00Z');
const app = await buildApp({
  databasePath: path.join(directory, 'bench.sqlite'),
  replay: false,
  offlineWatch: false,
  thingCount,
  clock: { now: () => clock },
});
try {
  await app.ready();
  const devices = app.eventLog.db
    .prepare<
      [],
      {
        id: string;
        system_identifier: string;
        device_type: TelemetrySample['device_type'];
        lat: number;
        lng: number;
      }
    >('SELECT id, system_identifier, device_type, lat, lng FROM things_with_state ORDER BY id')
    .all();
  const organizationId = app.eventLog.db
    .prepare<[], { organization_id: string }>('SELECT organization_id FROM things LIMIT 1')
    .get()?.organization_id;
  if (!organizationId) throw new Error('no organization');

  // A hundred more zones, each drawn from a device's position (every hundredth device), so those devices and their
  // neighbours go through the whole rule.
  await app.eventLog.write(() => {
    for (let index = 0; index < EXTRA_ZONES; index += 1) {
      const device = devices[(index * 97) % devices.length];
      if (!device) continue;
      const id = `bench-zone-${index}`;
      app.eventLog.record(
        {
          type: 'AlertingZoneSaved',
          data: {
            id,
            organization_id: organizationId,
            hotspot_id: null,
            description: `Bench zone ${index}`,
            external_id: null,
            alerting_zone_type_name: 'wrong_way_driver',
            alert_message: 'Wrong way',
            features: [
              {
                type: 'polyline',
                geometry: [
                  { lat: device.lat, lon: device.lng },
                  { lat: device.lat + 0.002, lon: device.lng + 0.001 },
                ],
              },
            ],
            is_active: true,
            active_things: [],
            active_locations: [],
            default_expiry: 3600,
          },
        },
        { streamId: id, organizationId, recordedAt: clock },
      );
    }
  });

  function reportsAt(second: number): TelemetryRecord[] {
    const time = new Date(clock).toISOString();
    return devices.map((device) => ({
      time,
      lat: device.lat + (second % 100) * 1e-5,
      lng: device.lng,
      speed: 11.2,
      course: 20,
      accuracy: 5,
      enroute: true,
      street: null,
    }));
  }

  const detector = createWrongWayDetector(app.eventLog);
  const detectorMicroseconds: number[] = [];
  let detections = 0;
  for (let second = 0; second < batches + 5; second += 1) {
    clock += 1_000;
    const reports = reportsAt(second);
    const started = process.cpuUsage();
    for (let index = 0; index < reports.length; index += 1) {
      const found = detector.observe(devices[index]?.id ?? '', reports[index] as TelemetryRecord);
      if (found) detections += found.filter((found) => found.event.type === 'WrongWayDetected').length;
    }
    if (second >= 5) detectorMicroseconds.push(cpuMicrosecondsSince(started) / reports.length);
  }

  const ingestMicroseconds: number[] = [];
  for (let second = 0; second < Math.min(batches, 10) + 2; second += 1) {
    clock += 1_000;
    const samples: TelemetrySample[] = reportsAt(second).map((report, index) => ({
      ...report,
      kind: 'point',
      device_id: devices[index]?.system_identifier ?? '',
      device_type: devices[index]?.device_type ?? 'ha5',
    }));
    const started = process.cpuUsage();
    await app.telemetry.ingest(samples);
    if (second >= 2) ingestMicroseconds.push(cpuMicrosecondsSince(started) / samples.length);
  }

  const perReport = median(detectorMicroseconds);
  const perPoint = median(ingestMicroseconds);
  console.log(
    `Wrong-way detector, ${devices.length} devices × ${batches} batches, ${EXTRA_ZONES} extra zones: median ` +
      `${(perReport * 1000).toFixed(0)} ns CPU per report (${detections} detections)`,
  );
  console.log(
    `Ingestion (detector included), same devices: median ${perPoint.toFixed(2)} µs CPU per point = ` +
      `${Math.round(1e6 / perPoint).toLocaleString('en-US')} points per CPU second; the detector is ` +
      `${((perReport / perPoint) * 100).toFixed(1)}% of it`,
  );
} finally {
  await app.close();
  fs.rmSync(directory, { recursive: true, force: true });
}
