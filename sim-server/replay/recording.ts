// The telemetry recording format (docs/telemetry.md): newline-delimited JSON, a header line describing the
// recording and its devices, then one line per sample in time order. A sample line is exactly a telemetry
// sample as the ingestion endpoint takes it, so a recording can be posted as it is.
import { DEVICE_TYPES, type DeviceType } from '#domain/things/thing';
import { telemetrySampleProblem } from '#domain/telemetry/telemetrySample';
import type { TelemetrySample } from '../ingestion/telemetrySample.ts';

export const RECORDING_FORMAT = 'fleet-telemetry-recording';
export const RECORDING_VERSION = 1;

export type RecordedDevice = { device_id: string; device_type: DeviceType; thing_type: string };

export type RecordingHeader = {
  format: typeof RECORDING_FORMAT;
  version: typeof RECORDING_VERSION;
  name: string;
  description: string;
  /** ISO time of the recording's start; every sample is at or after it. */
  started_at: string;
  /** Every sample is before started_at + duration_ms; a loop restarts after it. */
  duration_ms: number;
  /** What made it: the recorder's seed and road data, for re-recording. */
  source: { seed: number; roads: string };
  devices: RecordedDevice[];
};

export type Recording = { header: RecordingHeader; samples: TelemetrySample[] };

export class RecordingInvalid extends Error {}

const deviceTypes: ReadonlySet<string> = new Set(DEVICE_TYPES);

function headerProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'the first line must be the header object';
  const header = value as Partial<RecordingHeader>;
  if (header.format !== RECORDING_FORMAT) return `format must be "${RECORDING_FORMAT}"`;
  if (header.version !== RECORDING_VERSION) return `version must be ${RECORDING_VERSION}`;
  if (typeof header.name !== 'string' || header.name.length === 0) return 'name is required';
  if (typeof header.description !== 'string') return 'description must be a string';
  if (typeof header.started_at !== 'string' || Number.isNaN(Date.parse(header.started_at)))
    return 'started_at must be an ISO 8601 time';
  if (
    typeof header.duration_ms !== 'number' ||
    !Number.isInteger(header.duration_ms) ||
    header.duration_ms <= 0
  )
    return 'duration_ms must be a positive whole number';
  if (typeof header.source?.seed !== 'number' || typeof header.source.roads !== 'string')
    return 'source must give the seed and the road data';
  if (!Array.isArray(header.devices) || header.devices.length === 0) return 'devices must list at least one';
  const seen = new Set<string>();
  for (const device of header.devices) {
    if (typeof device?.device_id !== 'string' || device.device_id.length === 0)
      return 'a device has no device_id';
    if (seen.has(device.device_id)) return `device ${device.device_id} is listed twice`;
    seen.add(device.device_id);
    if (!deviceTypes.has(device.device_type)) return `device ${device.device_id} has an unknown device_type`;
    if (typeof device.thing_type !== 'string') return `device ${device.device_id} has no thing_type`;
  }
  return null;
}

/** Parses and checks a whole recording; throws RecordingInvalid naming the first bad line. */
export function parseRecording(text: string): Recording {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const parseLine = (index: number): unknown => {
    try {
      return JSON.parse(lines[index] ?? '');
    } catch {
      throw new RecordingInvalid(`line ${index + 1}: not JSON`);
    }
  };
  const headerValue = parseLine(0);
  const problem = headerProblem(headerValue);
  if (problem) throw new RecordingInvalid(`line 1: ${problem}`);
  const header = headerValue as RecordingHeader;
  const start = Date.parse(header.started_at);
  const end = start + header.duration_ms;
  const typeOf = new Map(header.devices.map((device) => [device.device_id, device.device_type]));
  const lastTimeOf = new Map<string, number>();
  let previousTime = start;
  const samples: TelemetrySample[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const fail = (reason: string) => new RecordingInvalid(`line ${index + 1}: ${reason}`);
    const sample = parseLine(index) as TelemetrySample;
    if (typeof sample !== 'object' || sample === null) throw fail('a sample must be an object');
    const sampleProblem = telemetrySampleProblem(sample);
    if (sampleProblem) throw fail(sampleProblem);
    const deviceType = typeOf.get(sample.device_id);
    if (!deviceType) throw fail(`device ${sample.device_id} is not in the header`);
    if (deviceType !== sample.device_type) throw fail(`device ${sample.device_id} is a ${deviceType}`);
    const time = Date.parse(sample.time);
    if (time < start || time >= end) throw fail('time is outside the recording');
    if (time < previousTime) throw fail('samples must be in time order');
    if (time <= (lastTimeOf.get(sample.device_id) ?? -Infinity))
      throw fail(`a second sample for ${sample.device_id} at the same time`);
    lastTimeOf.set(sample.device_id, time);
    previousTime = time;
    samples.push(sample);
  }
  return { header, samples };
}

/** The file text of a recording: the header, then one sample per line, in the order given. */
export function formatRecording(recording: Recording): string {
  const lines = [JSON.stringify(recording.header)];
  for (const sample of recording.samples) lines.push(JSON.stringify(sample));
  return `${lines.join('\n')}\n`;
}
