// A closure on the wire (live §3 "Closure"), as `GET /api/organization/closure` lists it and the cable's `closure`
// message carries it (docs/live-picture.md "Cable payloads").
import type { ClosureType } from '#domain/closures/closure';
import { latLngPointSchema, nullableString } from '../shared/jsonSchemaParts.ts';

export type RoutePointJson = { lat: number; lng: number };

export type ClosureThingJson = {
  id: string;
  nickname: string | null;
  heartbeat_datetime: string | null;
  system_identifier: string;
  registry_number: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
};

export type ClosureJson = {
  id: string;
  uuid: string;
  closure_type: ClosureType;
  is_active: boolean;
  is_in_service: boolean;
  description: string;
  alert_message: string | null;
  direction: string;
  impacted_lanes: number[];
  street_start: string | null;
  street_end: string | null;
  external_id: string | null;
  geocoded_route: RoutePointJson[];
  calculated_route: RoutePointJson[];
  user_route: RoutePointJson[];
  start_time: string | null;
  end_time: string | null;
  last_start_time: string | null;
  activation_time: string | null;
  is_wzdx_compliant: boolean;
  is_dashboard_managed: boolean;
  location_method: string | null;
  vehicle_impact: string | null;
  group_id: string | null;
  organization: { id: string; name: string; organization_type: string };
  thing: ClosureThingJson | null;
  thing_id: string | null;
  things_associated: string[];
};

const routeSchema = { type: 'array', items: latLngPointSchema } as const;

export const closureSchema = {
  type: 'object',
  required: ['id', 'closure_type', 'is_active', 'is_in_service', 'description', 'organization'],
  properties: {
    id: { type: 'string' },
    uuid: { type: 'string' },
    closure_type: { type: 'string', enum: ['manual', 'automated', 'feed'] },
    is_active: { type: 'boolean' },
    is_in_service: { type: 'boolean' },
    description: { type: 'string' },
    alert_message: nullableString,
    direction: { type: 'string' },
    impacted_lanes: { type: 'array', items: { type: 'integer' } },
    street_start: nullableString,
    street_end: nullableString,
    external_id: nullableString,
    geocoded_route: routeSchema,
    calculated_route: routeSchema,
    user_route: routeSchema,
    start_time: nullableString,
    end_time: nullableString,
    last_start_time: nullableString,
    activation_time: nullableString,
    is_wzdx_compliant: { type: 'boolean' },
    is_dashboard_managed: { type: 'boolean' },
    location_method: nullableString,
    vehicle_impact: nullableString,
    group_id: nullableString,
    organization: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' }, organization_type: { type: 'string' } },
    },
    thing: {
      type: ['object', 'null'],
      required: ['id'],
      properties: {
        id: { type: 'string' },
        nickname: nullableString,
        heartbeat_datetime: nullableString,
        system_identifier: { type: 'string' },
        registry_number: nullableString,
        vin_number: nullableString,
        license_plate_number: nullableString,
      },
    },
    thing_id: nullableString,
    things_associated: { type: 'array', items: { type: 'string' } },
  },
} as const;
