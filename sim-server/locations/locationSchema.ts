// A location (event, incident) on the wire (live §3 "Location"), as `GET /api/locations` lists it and the cable's
// `location` message carries it.
import { nullableNumber, nullableString } from '../shared/jsonSchemaParts.ts';

export type LocationThingJson = {
  id: string;
  external_id: string | null;
  system_identifier: string;
  nickname: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  registry_number: string | null;
  /** Seconds on scene. */
  runtime: number;
  start_time: string;
  end_time: string | null;
};

export type LocationFeatureJson = {
  type: 'point' | 'line' | 'circle' | 'polygon';
  geometry: { lat: number; lon: number; radius?: number } | { lat: number; lon: number }[];
};

export type LocationJson = {
  id: string;
  organization_id: string;
  external_id: string | null;
  is_active: boolean;
  lat: number;
  lng: number;
  street: string | null;
  roadway_heading: number | null;
  things_active: LocationThingJson[];
  things_inactive: LocationThingJson[];
  start_time: string;
  end_time: string | null;
  alt: number | null;
  alert_message: string | null;
  features: LocationFeatureJson[];
};

const locationThingSchema = {
  type: 'object',
  required: ['id', 'system_identifier', 'start_time'],
  properties: {
    id: { type: 'string' },
    external_id: nullableString,
    system_identifier: { type: 'string' },
    nickname: nullableString,
    vin_number: nullableString,
    license_plate_number: nullableString,
    registry_number: nullableString,
    runtime: { type: 'number' },
    start_time: { type: 'string' },
    end_time: nullableString,
  },
} as const;

export const locationSchema = {
  type: 'object',
  required: ['id', 'is_active', 'lat', 'lng', 'things_active', 'things_inactive', 'start_time'],
  properties: {
    id: { type: 'string' },
    organization_id: { type: 'string' },
    external_id: nullableString,
    is_active: { type: 'boolean' },
    lat: { type: 'number' },
    lng: { type: 'number' },
    street: nullableString,
    roadway_heading: nullableNumber,
    things_active: { type: 'array', items: locationThingSchema },
    things_inactive: { type: 'array', items: locationThingSchema },
    start_time: { type: 'string' },
    end_time: nullableString,
    alt: nullableNumber,
    alert_message: nullableString,
    features: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'geometry'],
        properties: {
          type: { type: 'string', enum: ['point', 'line', 'circle', 'polygon'] },
          geometry: {},
        },
      },
    },
  },
} as const;
