// The body of every error answer, generated from its one definition (domain/wire/requestParts.ts).
import { ErrorAnswerSchema } from '#domain/wire/requestParts';
import { jsonSchemaOf } from '../kernel/contract.ts';

export const errorSchema = jsonSchemaOf(ErrorAnswerSchema);

export const ORGANIZATION_NOT_FOUND = { error: 'Organization not found' } as const;
