// What the live-operations routes share: reading `org_ids[]`, deciding which organizations a caller may read
// and write, and the answers for the error catalogue (live §8): 400 for a malformed body, 404 for an unknown
// organization or entity, 422 with the provider's texts for a refused write.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { unreachableOrganizationIds } from '#domain/organizations/organizationAccess';
import type { Session } from '../users/userReadModel.ts';
import { errorSchema } from './errorSchema.ts';

export type OrganizationIdsQuery = { 'org_ids[]'?: string[]; org_ids?: string[] };

/** The organizations a list call asks for: `org_ids[]` (or `org_ids`), else the caller's own. */
export function requestedOrganizationIds(query: OrganizationIdsQuery, caller: Session): string[] {
  const requested = [...(query['org_ids[]'] ?? []), ...(query.org_ids ?? [])];
  return requested.length > 0 ? [...new Set(requested)] : [caller.organizationId];
}

export function canReadOrganizations(caller: Session, organizationIds: readonly string[]): boolean {
  return unreachableOrganizationIds(organizationIds, caller.reachableOrganizationIds).length === 0;
}

/** Writes go to the caller's own organization or one it manages; an accessed organization is read-only. */
export function canWriteOrganization(app: FastifyInstance, caller: Session, organizationId: string): boolean {
  if (organizationId === caller.organizationId) return true;
  return app.organizations.linksOf(caller.organizationId).managedOrganizationIds.includes(organizationId);
}

export function sendBadRequest(reply: FastifyReply, problems: readonly string[]) {
  return reply.code(400).send({ error: 'bad_request', message: problems.join('; ') });
}

export function sendUnprocessable(reply: FastifyReply, message: string) {
  return reply.code(422).send({ error: message, message });
}

export function sendNotFound(reply: FastifyReply, message: string) {
  return reply.code(404).send({ error: message });
}

/** ISO 8601, or unix milliseconds as digits; NaN when it is neither. */
export function parseTimeQuery(value: string): number {
  return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
}

/** Every error status a live-operations write can answer, documented on each route. */
export const writeErrorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  422: errorSchema,
} as const;

export const readErrorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
} as const;
