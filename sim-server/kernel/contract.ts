// The bridge from the contract's valibot definitions (domain/) to Fastify. A route built with `contractRoute` gets
// JSON Schemas generated from those definitions (@valibot/to-json-schema) for the OpenAPI document and the response
// serialiser, and validates params, query and body with the valibot parse itself: the definition is the authority,
// nothing is coerced (a `null` or `true` never becomes a number), and the parsed output is what the handler sees.
// A part that fails answers 400 `{ error: "bad_request", message: "field: problem; ..." }` and the handler never runs.
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import * as v from 'valibot';

type AnySchema = v.GenericSchema;

/** The valibot definition behind each generated JSON Schema, for the validator compiler. */
const definitionOf = new WeakMap<object, AnySchema>();

/** The JSON Schema (draft-07, the input side) of a valibot definition, remembered as generated from it. */
export function jsonSchemaOf(schema: AnySchema): Record<string, unknown> {
  const { $schema: _draft, ...json } = toJsonSchema(schema, { typeMode: 'input', errorMode: 'ignore' });
  definitionOf.set(json, schema);
  return json;
}

/** `samples[1].lat`, `organization_relationships[0].relationship_type`, or the part itself at the root. */
function pathOf(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    path += typeof key === 'number' ? `[${key}]` : path === '' ? String(key) : `.${String(key)}`;
  }
  return path;
}

/** "field: problem; field: problem", each field named by its path in the part. */
export function issuesText(issues: readonly v.BaseIssue<unknown>[], part: string): string {
  return issues.map((issue) => `${pathOf(issue) || part}: ${issue.message}`).join('; ');
}

class ContractViolation extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  constructor(
    message: string,
    readonly validation: readonly v.BaseIssue<unknown>[],
  ) {
    super(message);
  }
}

const contractValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const definition = definitionOf.get(schema as object);
  if (!definition)
    throw new Error('contractRoute: a schema that was not generated from a valibot definition');
  const part = httpPart ?? 'body';
  return (data: unknown) => {
    const result = v.safeParse(definition, data);
    if (result.success) return { value: result.output };
    return { error: new ContractViolation(issuesText(result.issues, part), result.issues) };
  };
};

export type ContractParts = {
  params?: AnySchema;
  querystring?: AnySchema;
  body?: AnySchema;
  /** Status code → the definition of that answer's body. */
  response: Record<number, AnySchema | Record<string, unknown>>;
};

/**
 * Route options for the parts given: `schema` (generated JSON Schemas; plain JSON Schemas in `response` pass
 * through) and the valibot validator. Spread into the route's options.
 */
export function contractRoute(parts: ContractParts): {
  schema: FastifySchema;
  validatorCompiler: FastifySchemaCompiler<unknown>;
} {
  const response: Record<number, unknown> = {};
  for (const [status, definition] of Object.entries(parts.response)) {
    response[Number(status)] = isValibot(definition) ? jsonSchemaOf(definition) : definition;
  }
  return {
    schema: {
      ...(parts.params ? { params: jsonSchemaOf(parts.params) } : {}),
      ...(parts.querystring ? { querystring: jsonSchemaOf(parts.querystring) } : {}),
      ...(parts.body ? { body: jsonSchemaOf(parts.body) } : {}),
      response,
    },
    validatorCompiler: contractValidatorCompiler,
  };
}

function isValibot(value: unknown): value is AnySchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';
}
