// JSON schema of a thing on the wire (live §3, docs/contract.md), for response serialisation.
import { DEVICE_TYPES } from '#domain/things/thing';

const nullableString = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

export const thingSchema = {
  type: 'object',
  required: ['id', 'system_identifier', 'is_active', 'device_type', 'organization'],
  properties: {
    id: { type: 'string' },
    external_id: nullableString,
    system_identifier: { type: 'string' },
    nickname: nullableString,
    is_active: { type: 'boolean' },
    lat: nullableNumber,
    lng: nullableNumber,
    speed: nullableNumber,
    course: nullableNumber,
    accuracy: nullableNumber,
    enroute: { type: 'boolean' },
    device_type: { type: 'string', enum: [...DEVICE_TYPES] },
    heartbeat_datetime: nullableString,
    thing_type: { type: 'string' },
    thing_subtype: nullableString,
    thing_subtype_uuid: nullableString,
    location: {
      type: ['object', 'null'],
      required: ['id'],
      properties: { id: { type: 'string' } },
    },
    closures: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string' }, external_id: nullableString },
      },
    },
    registry_number: nullableString,
    vin_number: nullableString,
    license_plate_number: nullableString,
    in_service: { type: 'boolean' },
    is_publicly_alerting: { type: 'boolean' },
    organization: {
      type: 'object',
      required: ['id', 'name', 'organization_type'],
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        organization_type: {
          type: 'object',
          required: ['name', 'acs'],
          properties: { name: { type: 'string' }, acs: { type: 'boolean' } },
        },
      },
    },
    street: nullableString,
    features: { type: 'object', required: ['r2r'], properties: { r2r: { type: 'boolean' } } },
    organization_relationships: {
      type: 'array',
      items: {
        type: 'object',
        required: ['organization_uuid', 'organization_name', 'relationship_type'],
        properties: {
          organization_uuid: { type: 'string' },
          organization_name: { type: 'string' },
          relationship_type: { type: 'string', enum: ['manager', 'accessor'] },
        },
      },
    },
    is_allowed_for_closures: { type: 'boolean' },
    is_allowed_for_test_mode: { type: 'boolean' },
    test_mode: { type: 'boolean' },
    is_responder: { type: 'boolean' },
    is_integration_org: { type: 'boolean' },
    external_identifiers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['identifier_id', 'system_name'],
        properties: { identifier_id: { type: 'string' }, system_name: { type: 'string' } },
      },
    },
    wzdx_enabled: { type: 'boolean' },
    status: nullableString,
  },
} as const;
