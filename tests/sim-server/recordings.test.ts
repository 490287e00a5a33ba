// Every recording in fixtures/recordings parses, follows the format's rules and looks like a fleet: devices of
// each type, on Chicago streets, at city speeds, with the heartbeats, stops and poor fixes of real devices.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectHazards, type HazardRecord, type SpeedSample } from '#domain/hazards/hazard';
import { DEVICE_TYPES } from '#domain/things/thing';
import { formatRecording, parseRecording, RecordingInvalid } from '#sim/replay/recording';
import { repoRoot } from '#sim/kernel/paths';
import { metresFromNearestDrivableStreet } from './support/streetDistance.ts';

const folder = path.join(repoRoot, 'fixtures', 'recordings');
const files = fs.readdirSync(folder).filter((file) => file.endsWith('.ndjson'));
const recordings = files.map((file) => ({
  file,
  text: fs.readFileSync(path.join(folder, file), 'utf8'),
}));

describe('fixtures/recordings', () => {
  it('holds a few MB of recordings covering HA5, HA7 and api devices', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    const bytes = recordings.reduce((sum, recording) => sum + recording.text.length, 0);
    expect(bytes).toBeLessThan(4 * 1024 * 1024);
    const types = new Set(
      recordings.flatMap(({ text }) =>
        parseRecording(text).header.devices.map((device) => device.device_type),
      ),
    );
    expect([...types].sort()).toEqual([...DEVICE_TYPES].sort());
  });

  it.each(files)('%s parses, and writing it back gives the same text', (file) => {
    const text = recordings.find((recording) => recording.file === file)?.text ?? '';
    const recording = parseRecording(text);
    expect(recording.header.name).toBe(file.replace(/\.ndjson$/, ''));
    expect(recording.samples.length).toBeGreaterThan(1_000);
    expect(formatRecording(recording)).toBe(text);
  });

  it.each(files)('%s moves like a fleet on the streets', (file) => {
    const { header, samples } = parseRecording(
      recordings.find((recording) => recording.file === file)?.text ?? '',
    );
    const points = samples.filter((sample) => sample.kind === 'point');
    const heartbeats = samples.filter((sample) => sample.kind === 'heartbeat');
    expect(heartbeats.length).toBeGreaterThan(0);
    expect(heartbeats.every((sample) => !sample.enroute && sample.speed === 0)).toBe(true);
    expect(new Set(samples.map((sample) => sample.device_id)).size).toBe(header.devices.length);
    // Stopped at lights and junctions now and then, never faster than a city street allows.
    expect(points.some((sample) => sample.speed === 0)).toBe(true);
    expect(Math.max(...points.map((sample) => sample.speed))).toBeLessThan(20);
    // GPS noise: positions are near a street, not on it; poor fixes report a poor accuracy.
    for (let index = 0; index < points.length; index += 25) {
      const sample = points[index];
      if (!sample) continue;
      expect(metresFromNearestDrivableStreet(sample.lat, sample.lng)).toBeLessThan(
        Math.max(3 * sample.accuracy, 10),
      );
    }
    expect(points.some((sample) => sample.accuracy > 10)).toBe(true);
  });
});

describe('the format', () => {
  const valid = recordings[0]?.text ?? '';
  const lines = valid.split('\n');

  it('names the line of the first problem', () => {
    const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    const sample = JSON.parse(lines[1] ?? '{}') as Record<string, unknown>;
    const broken = (replaceAt: number, value: unknown) =>
      lines.map((line, index) => (index === replaceAt ? JSON.stringify(value) : line)).join('\n');
    expect(() => parseRecording(broken(0, { ...header, version: 2 }))).toThrow('line 1: version must be 1');
    expect(() => parseRecording(broken(1, { ...sample, device_id: 'NOT-LISTED' }))).toThrow(
      'line 2: device NOT-LISTED is not in the header',
    );
    expect(() => parseRecording(broken(1, { ...sample, lat: 123 }))).toThrow(
      'line 2: lat must be between -90 and 90',
    );
    expect(() => parseRecording(broken(1, { ...sample, time: '2020-01-01T00:00:00Z' }))).toThrow(
      'line 2: time is outside the recording',
    );
    expect(() => parseRecording(`${lines[0]}\n{oops\n`)).toThrow(RecordingInvalid);
  });

  it('refuses samples out of time order', () => {
    const [header, ...sampleLines] = lines.filter((line) => line !== '');
    const swapped = [header, sampleLines[sampleLines.length - 1], ...sampleLines.slice(0, -1)].join('\n');
    expect(() => parseRecording(swapped)).toThrow('samples must be in time order');
  });
});

/** The hazards the replay of a recording yields: every device's points through the domain's rule. */
function recordedHazards(text: string): HazardRecord[] {
  const byDevice = new Map<string, SpeedSample[]>();
  parseRecording(text).samples.forEach((sample, index) => {
    if (sample.kind !== 'point') return;
    const samples = byDevice.get(sample.device_id) ?? [];
    samples.push({
      at: Date.parse(sample.time),
      seq: index,
      lat: sample.lat,
      lng: sample.lng,
      speed: sample.speed ?? 0,
    });
    byDevice.set(sample.device_id, samples);
  });
  return [...byDevice].flatMap(([deviceId, samples]) => detectHazards(deviceId, samples));
}

describe('hazards in the recordings (issue 29)', () => {
  const hazards = recordings.flatMap(({ text }) => recordedHazards(text));
  const count = (type: string, severity?: string) =>
    hazards.filter(
      (hazard) => hazard.type === type && (severity === undefined || hazard.severity === severity),
    ).length;

  it('hold hard braking and rapid acceleration, each at every severity', () => {
    for (const type of ['hard_braking', 'rapid_acceleration'])
      for (const severity of ['low', 'medium', 'high'])
        expect(count(type, severity), `${type} ${severity}`).toBeGreaterThan(0);
  });

  it('are mostly not the hardest: stops are braked for, not slammed', () => {
    expect(count('hard_braking', 'high')).toBeLessThan(count('hard_braking') / 2);
  });
});
