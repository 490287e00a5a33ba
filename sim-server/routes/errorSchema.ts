// The body of every error answer: a short machine-readable `error`, sometimes with a human description.
export const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string' },
    error_description: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

export const ORGANIZATION_NOT_FOUND = { error: 'Organization not found' } as const;
