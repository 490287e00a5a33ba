// An alerting zone exactly as the simulator writes it (live §3 "Alerting zone"): what
// `GET /api/organization/alerting_zones` lists, what a save answers and an `AlertingZoneSaved` event holds. The
// dashboard reads the provider's records leniently (alertingZone.ts); this strict form is where the simulator's
// response schemas and types come from. Then the save body: the write payload of live §3 (a wrong-way-driver zone
// drawn as a polyline, `alertingZoneWritePayload`) with the zone's optional texts. The product shows no form rules
// for zones; the rules here are the structural ones a zone needs to exist.
import * as v from 'valibot';
import { isValidLatitude, isValidLongitude } from '#domain/units/coordinates';

export const ZONE_DESCRIPTION_MAX_LENGTH = 100;
export const ZONE_ALERT_MESSAGE_MAX_LENGTH = 40;

const ZonePointRecordSchema = v.object({ lat: v.number(), lon: v.number() });

export const AlertingZoneRecordSchema = v.object({
  id: v.string(),
  organization_id: v.string(),
  hotspot_id: v.nullable(v.string()),
  description: v.nullable(v.string()),
  external_id: v.nullable(v.string()),
  alerting_zone_type_name: v.string(),
  alert_message: v.nullable(v.string()),
  features: v.array(v.object({ type: v.literal('polyline'), geometry: v.array(ZonePointRecordSchema) })),
  is_active: v.boolean(),
  active_things: v.array(
    v.object({ id: v.string(), nickname: v.nullable(v.string()), external_id: v.nullable(v.string()) }),
  ),
  active_locations: v.array(v.string()),
  default_expiry: v.nullable(v.number()),
});
export type AlertingZoneRecord = v.InferOutput<typeof AlertingZoneRecordSchema>;

export const AlertingZoneListSchema = v.array(AlertingZoneRecordSchema);

const POINT_PROBLEM = 'needs lat -90..90 and lon -180..180';

export const AlertingZoneSaveSchema = v.object({
  id: v.optional(v.pipe(v.string(), v.maxLength(100))),
  organization_id: v.optional(v.pipe(v.string(), v.maxLength(100))),
  type: v.literal('wrong_way_driver'),
  hotspot_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  geom_type: v.literal('polyline'),
  geometry: v.pipe(
    v.array(
      v.pipe(
        ZonePointRecordSchema,
        v.check((point) => isValidLatitude(point.lat) && isValidLongitude(point.lon), POINT_PROBLEM),
      ),
    ),
    v.minLength(2, 'a polyline needs at least 2 points'),
    v.maxLength(1000),
  ),
  description: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(ZONE_DESCRIPTION_MAX_LENGTH, `at most ${ZONE_DESCRIPTION_MAX_LENGTH} characters`),
      ),
    ),
  ),
  alert_message: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(ZONE_ALERT_MESSAGE_MAX_LENGTH, `at most ${ZONE_ALERT_MESSAGE_MAX_LENGTH} characters`),
      ),
    ),
  ),
  is_active: v.optional(v.boolean()),
});
export type AlertingZoneSave = v.InferOutput<typeof AlertingZoneSaveSchema>;
