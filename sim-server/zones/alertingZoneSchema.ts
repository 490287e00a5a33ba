// An alerting zone on the wire (live §3 "Alerting zone").
import { latLonPointSchema, nullableNumber, nullableString } from '../shared/jsonSchemaParts.ts';

export type AlertingZoneJson = {
  id: string;
  organization_id: string;
  hotspot_id: string | null;
  description: string | null;
  external_id: string | null;
  alerting_zone_type_name: string;
  alert_message: string | null;
  features: { type: 'polyline'; geometry: { lat: number; lon: number }[] }[];
  is_active: boolean;
  active_things: { id: string; nickname: string | null; external_id: string | null }[];
  active_locations: string[];
  default_expiry: number | null;
};

export const alertingZoneSchema = {
  type: 'object',
  required: ['id', 'alerting_zone_type_name', 'features', 'is_active'],
  properties: {
    id: { type: 'string' },
    organization_id: { type: 'string' },
    hotspot_id: nullableString,
    description: nullableString,
    external_id: nullableString,
    alerting_zone_type_name: { type: 'string' },
    alert_message: nullableString,
    features: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'geometry'],
        properties: { type: { type: 'string' }, geometry: { type: 'array', items: latLonPointSchema } },
      },
    },
    is_active: { type: 'boolean' },
    active_things: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string' }, nickname: nullableString, external_id: nullableString },
      },
    },
    active_locations: { type: 'array', items: { type: 'string' } },
    default_expiry: nullableNumber,
  },
} as const;
