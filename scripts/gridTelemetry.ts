// The benchmarks' synthetic fleet telemetry (bench:replay's world, bench:timetravel's simulator): every device on a
// grid of 100 columns moving north, one point a second, a street name once a minute. Fixed, so runs compare.
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';

export type GridDevice = { system_identifier: string; device_type: TelemetrySample['device_type'] };

/** Every device's sample of second `second` of the run, recorded at `at` (unix ms). */
export function secondOfGridTelemetry(
  devices: readonly GridDevice[],
  second: number,
  at: number,
): TelemetrySample[] {
  const time = new Date(at).toISOString();
  return devices.map((device, index) => ({
    device_id: device.system_identifier,
    device_type: device.device_type,
    kind: 'point' as const,
    time,
    lat: 41.75 + (index % 100) * 0.002 + second * 0.00001,
    lng: -87.75 + Math.floor(index / 100) * 0.002,
    speed: 10,
    course: 0,
    accuracy: 4,
    enroute: true,
    street: second % 60 === 0 ? `STREET ${index % 50}` : null,
  }));
}
