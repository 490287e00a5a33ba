// `npm run record:fixtures [-- --minutes 8 --only responders --out fixtures/recordings]`: drives simulated
// vehicles along routes on the Chicago street graph and writes telemetry recordings (docs/telemetry.md).
// The same seed and options always write the same files.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';
import {
  formatRecording,
  parseRecording,
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type RecordedDevice,
  type Recording,
} from '#sim/replay/recording';
import { createRouteDrivers } from '#sim/replay/routeDriver';
import { CHICAGO_CENTRE } from '#sim/seed/worldPlan';
import { chicagoStreetsPath, repoRoot, resolveSharedDir } from '#sim/kernel/paths';
import { seededRandom } from '#sim/kernel/random';
import { readStreetLines } from '#sim/streets/streetLines';
import { cachedStreetNetwork } from '#sim/streets/streetNetwork';

type RecordingPlan = {
  name: string;
  description: string;
  seed: number;
  devices: RecordedDevice[];
};

function fleet(prefix: string, entries: [RecordedDevice['device_type'], string, number][]): RecordedDevice[] {
  const devices: RecordedDevice[] = [];
  for (const [deviceType, thingType, count] of entries) {
    for (let index = 0; index < count; index += 1) {
      const number = String(devices.length + 1).padStart(2, '0');
      devices.push({ device_id: `${prefix}-${number}`, device_type: deviceType, thing_type: thingType });
    }
  }
  return devices;
}

const PLANS: readonly RecordingPlan[] = [
  {
    name: 'responders',
    description: 'Police, fire and ambulance units on HA5 and HA7 devices, answering calls across the city.',
    seed: 501,
    devices: fleet('REC-RESP', [
      ['ha5', 'police', 3],
      ['ha7', 'police', 2],
      ['ha5', 'fire', 2],
      ['ha7', 'ambulance', 3],
    ]),
  },
  {
    name: 'road-works',
    description: 'Arrow boards and maintenance trucks on HA7 and api devices, crawling between work zones.',
    seed: 502,
    devices: fleet('REC-WORK', [
      ['ha7', 'arrow_board', 3],
      ['api', 'arrow_board', 1],
      ['ha7', 'maintenance', 2],
      ['api', 'maintenance', 2],
    ]),
  },
  {
    name: 'fleet-services',
    description: 'Tow and waste trucks reporting through telematics integrations (api devices).',
    seed: 503,
    devices: fleet('REC-FLEET', [
      ['api', 'tow', 4],
      ['api', 'waste', 6],
    ]),
  },
];

const START = Date.parse('2026-03-02T15:00:00.000Z');
const AREA_RADIUS_METRES = 8_000;

function record(plan: RecordingPlan, minutes: number): Recording {
  const streetsFile = chicagoStreetsPath(resolveSharedDir());
  const network = cachedStreetNetwork(streetsFile, () => readStreetLines(streetsFile));
  const drivers = createRouteDrivers({
    network,
    devices: plan.devices,
    random: seededRandom(plan.seed),
    startAt: START,
    centre: [CHICAGO_CENTRE.lng, CHICAGO_CENTRE.lat],
    radiusMetres: AREA_RADIUS_METRES,
  });
  const durationMs = minutes * 60_000;
  const samples: TelemetrySample[] = [];
  for (let now = START; now < START + durationMs; now += 1_000) samples.push(...drivers.step(now));
  return {
    header: {
      format: RECORDING_FORMAT,
      version: RECORDING_VERSION,
      name: plan.name,
      description: plan.description,
      started_at: new Date(START).toISOString(),
      duration_ms: durationMs,
      source: { seed: plan.seed, roads: 'resources/data/chicago-bike-routes/Bikeroutes.geojson' },
      devices: plan.devices,
    },
    samples,
  };
}

function main(): void {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '8' },
      only: { type: 'string' },
      out: { type: 'string', default: path.join(repoRoot, 'fixtures', 'recordings') },
    },
  });
  const minutes = Number(values.minutes);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error('--minutes must be a positive number');
  const plans = values.only ? PLANS.filter((plan) => plan.name === values.only) : PLANS;
  if (plans.length === 0) throw new Error(`no recording is called ${values.only}`);
  fs.mkdirSync(values.out, { recursive: true });
  for (const plan of plans) {
    const text = formatRecording(record(plan, minutes));
    // What the fixtures test reads back must parse: check before writing.
    const parsed = parseRecording(text);
    const file = path.join(values.out, `${plan.name}.ndjson`);
    fs.writeFileSync(file, text);
    const points = parsed.samples.filter((sample) => sample.kind === 'point').length;
    console.log(
      `${path.relative(process.cwd(), file)}: ${parsed.header.devices.length} devices, ${minutes} min, ` +
        `${parsed.samples.length} samples (${points} points), ${(text.length / 1024).toFixed(0)} KiB`,
    );
  }
}

main();
