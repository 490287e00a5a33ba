// A device telemetry sample as it enters the simulator: from the replay, a load generator or
// `POST /api/sim/telemetry`. Its shape and rules are defined once in domain/telemetry/telemetrySample.ts; this module
// gives the simulator's callers the type and the refusal.
import type { TelemetrySample } from '#domain/telemetry/telemetrySample';

export type { TelemetrySample };

/** A batch refused because one of its samples breaks the rules; answered as 400. */
export class TelemetryRejected extends Error {}
