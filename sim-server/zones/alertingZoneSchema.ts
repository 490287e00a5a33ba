// The alerting zone record's type for the simulator, inferred from its one definition
// (domain/zones/alertingZoneRecord.ts).
import type { AlertingZoneRecord } from '#domain/zones/alertingZoneRecord';

export type AlertingZoneJson = AlertingZoneRecord;
