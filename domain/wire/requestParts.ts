// Pieces of the simulator's REST contract that many calls share, defined once with valibot: the error answer, an
// `{id}` path, the `org_ids[]` list query, list-time cursors and the answer of a delete. The simulator generates its
// route schemas and OpenAPI entries from them (sim-server/kernel/contract.ts); a query arrives as text, so these
// definitions read text (a single `org_ids[]=x` is a list of one) and never coerce a body's JSON types.
import * as v from 'valibot';

/** The body of every error answer: a short machine-readable `error`, sometimes with a human description. */
export const ErrorAnswerSchema = v.object({
  error: v.string(),
  error_description: v.optional(v.string()),
  message: v.optional(v.string()),
});
export type ErrorAnswer = v.InferOutput<typeof ErrorAnswerSchema>;

export const MAX_ID_LENGTH = 100;

/** An entity or organization id as a request names it. */
export const RequestIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_ID_LENGTH));

export const IdParamsSchema = v.object({ id: RequestIdSchema });
export type IdParams = v.InferOutput<typeof IdParamsSchema>;

const MAX_ORGANIZATIONS_PER_QUERY = 100;

/** `org_ids[]=a&org_ids[]=b` (or `org_ids`): one value or several, always a list after parsing. */
const organizationIdList = v.pipe(
  v.union([RequestIdSchema, v.array(RequestIdSchema)]),
  v.transform((value) => (Array.isArray(value) ? value : [value])),
  v.maxLength(MAX_ORGANIZATIONS_PER_QUERY),
);

export const OrganizationIdsQueryEntries = {
  'org_ids[]': v.optional(organizationIdList),
  org_ids: v.optional(organizationIdList),
};

export const OrganizationIdsQuerySchema = v.looseObject(OrganizationIdsQueryEntries);
export type OrganizationIdsQuery = { 'org_ids[]'?: string[]; org_ids?: string[] };

/** A time in a query: ISO 8601 or unix milliseconds as digits (read with `parseTimeQuery`). */
export const TimeQueryTextSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(40));

/** ISO 8601, or unix milliseconds as digits; NaN when it is neither. */
export function parseTimeQuery(value: string): number {
  return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
}

/** A delete answers the id it removed. */
export const DeletedAnswerSchema = v.object({ id: v.string() });
