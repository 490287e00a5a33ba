// A device report as the replay or a provider would post it, for tests that follow telemetry through the simulator.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DeviceType } from '#domain/things/thing';
import type { TelemetrySample } from '#sim/ingestion/telemetrySample';

export type ReportingDevice = { system_identifier: string; device_type: DeviceType };
export type OrganizationDevice = ReportingDevice & { id: string };

/** The organization's first `count` things by id, to report as: the same ones on every run. */
export function firstDevicesOf(
  app: FastifyInstance,
  organizationId: string,
  count: number,
): OrganizationDevice[] {
  return app.eventLog.db
    .prepare<[string, number], OrganizationDevice>(
      'SELECT id, system_identifier, device_type FROM things WHERE organization_id = ? ORDER BY id LIMIT ?',
    )
    .all(organizationId, count);
}

/** A point on State Street at `atMs`, moving south; `overrides` change any field (a heartbeat, another place). */
export function telemetrySample(
  device: ReportingDevice,
  atMs: number,
  overrides: Partial<TelemetrySample> = {},
): TelemetrySample {
  return {
    device_id: device.system_identifier,
    device_type: device.device_type,
    kind: 'point',
    time: new Date(atMs).toISOString(),
    lat: 41.8781,
    lng: -87.6298,
    speed: 12.5,
    course: 180,
    accuracy: 4,
    enroute: true,
    street: 'S STATE ST',
    ...overrides,
  };
}

/** Posts the samples to the ingestion endpoint as staff would, and expects them accepted (202). */
export async function recordTelemetry(
  app: FastifyInstance,
  token: string,
  samples: readonly TelemetrySample[],
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sim/telemetry',
    headers: { authorization: `Bearer ${token}` },
    payload: { samples },
  });
  expect(response.statusCode, response.body).toBe(202);
}
