// Small JSON-schema pieces the route schemas share.
export const nullableString = { type: ['string', 'null'] } as const;
export const nullableNumber = { type: ['number', 'null'] } as const;
export const nullableBoolean = { type: ['boolean', 'null'] } as const;

export const latLngPointSchema = {
  type: 'object',
  required: ['lat', 'lng'],
  properties: { lat: { type: 'number' }, lng: { type: 'number' } },
} as const;

export const latLonPointSchema = {
  type: 'object',
  required: ['lat', 'lon'],
  properties: { lat: { type: 'number' }, lon: { type: 'number' } },
} as const;

export const organizationIdsQuery = {
  'org_ids[]': { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 100 } },
  org_ids: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
