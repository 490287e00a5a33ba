// An area (exclusion zone, point of interest, station) and an area type on the wire (live §3 "Area").
import type { AreaTypeRecord } from '../catalog/catalogRecords.ts';
import { latLonPointSchema, nullableNumber, nullableString } from '../shared/jsonSchemaParts.ts';

export type AreaPointJson = { lat: number; lon: number };

export type AreaJson = {
  id: string;
  organization_id: string;
  organization_name: string;
  thing_id: string | null;
  name: string;
  desc: string | null;
  lat: number | null;
  lng: number | null;
  /** Metres. */
  radius_dist: number;
  is_active: boolean;
  area_geom: AreaPointJson[] | null;
  point_geom: AreaPointJson | null;
  ez_type: AreaTypeRecord;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country_code: string | null;
};

export const areaTypeSchema = {
  type: 'object',
  required: ['id', 'db_name', 'display_name', 'is_station_view', 'is_av_type'],
  properties: {
    id: { type: 'string' },
    db_name: { type: 'string' },
    display_name: { type: 'string' },
    is_station_view: { type: 'boolean' },
    is_av_type: { type: 'boolean' },
  },
} as const;

export const areaSchema = {
  type: 'object',
  required: ['id', 'organization_id', 'name', 'ez_type'],
  properties: {
    id: { type: 'string' },
    organization_id: { type: 'string' },
    organization_name: { type: 'string' },
    thing_id: nullableString,
    name: { type: 'string' },
    desc: nullableString,
    lat: nullableNumber,
    lng: nullableNumber,
    radius_dist: { type: 'number' },
    is_active: { type: 'boolean' },
    area_geom: { type: ['array', 'null'], items: latLonPointSchema },
    point_geom: { anyOf: [latLonPointSchema, { type: 'null' }] },
    ez_type: areaTypeSchema,
    address1: nullableString,
    address2: nullableString,
    city: nullableString,
    state: nullableString,
    postal_code: nullableString,
    country_code: nullableString,
  },
} as const;
