// The asset a telemetry test reports for: the first active thing of an organization, with what a device sample names.
import type { ReportingDevice } from './telemetrySamples.ts';
import { rows, type LiveWorld } from './liveOperations.ts';

export type ReportingThing = ReportingDevice & { id: string };

export function firstActiveThing(world: LiveWorld, organizationId: string): ReportingThing {
  const [thing] = rows<ReportingThing>(
    world,
    'SELECT id, system_identifier, device_type FROM things WHERE organization_id = ? AND is_active = 1 LIMIT 1',
    organizationId,
  );
  if (!thing) throw new Error(`no active thing in ${organizationId}`);
  return thing;
}
