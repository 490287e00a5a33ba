// JSON schema of an organization on the wire (access §3), for response serialisation.
const nullableString = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

export const organizationRefSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
} as const;

export const organizationSchema = {
  type: 'object',
  required: ['id', 'name', 'organization_type'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    email: nullableString,
    address1: nullableString,
    address2: nullableString,
    city: nullableString,
    state: nullableString,
    postal_code: nullableString,
    country_code: nullableString,
    lat: nullableNumber,
    lng: nullableNumber,
    timezone: nullableString,
    organization_type: {
      type: 'object',
      required: ['name', 'acs'],
      properties: { name: { type: 'string' }, acs: { type: 'boolean' } },
    },
    show_infinite_timeout_option: { type: 'boolean' },
    organization_managers: { type: 'array', items: organizationRefSchema },
    organization_accessors: { type: 'array', items: organizationRefSchema },
    is_wzdx_org: { type: 'boolean' },
    is_large_org: { type: 'boolean' },
    is_responder: { type: 'boolean' },
  },
} as const;
