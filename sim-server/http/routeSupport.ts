// What the live-operations routes share: reading `org_ids[]`, the caller's reach for the deciders, deciding and
// appending inside one write, and the answers for the error catalogue (live §8): 400 for a malformed body, 404 for
// an unknown organization or entity, 422 with the provider's texts for a refused write.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type * as v from 'valibot';
import { unreachableOrganizationIds } from '#domain/organizations/organizationAccess';
import {
  DeletedAnswerSchema,
  OrganizationIdsQuerySchema,
  type OrganizationIdsQuery,
} from '#domain/wire/requestParts';
import { callerOf, type Session } from './caller.ts';
import { contractRoute } from '../kernel/contract.ts';
import type { CallerReach, Decided, Decision, Refusal } from '../kernel/decision.ts';
import type { SimEvent } from '../store/events.ts';
import { recordAccepted } from '../kernel/recordDecided.ts';
import { errorSchema, ORGANIZATION_NOT_FOUND } from './errorSchema.ts';

export type { OrganizationIdsQuery };

/** The organizations a list call asks for: `org_ids[]` (or `org_ids`), else the caller's own. */
export function requestedOrganizationIds(query: OrganizationIdsQuery, caller: Session): string[] {
  const requested = [...(query['org_ids[]'] ?? []), ...(query.org_ids ?? [])];
  return requested.length > 0 ? [...new Set(requested)] : [caller.organizationId];
}

export function canReadOrganizations(caller: Session, organizationIds: readonly string[]): boolean {
  return unreachableOrganizationIds(organizationIds, caller.reachableOrganizationIds).length === 0;
}

/** The organizations a list call reads, or null once it answered 404 for one the caller may not see. */
export function readableOrganizationIds(
  caller: Session,
  query: OrganizationIdsQuery,
  reply: FastifyReply,
): string[] | null {
  const organizationIds = requestedOrganizationIds(query, caller);
  if (canReadOrganizations(caller, organizationIds)) return organizationIds;
  void sendOrganizationNotFound(reply);
  return null;
}

/** Appends one event and projects it, as one top-level write, at the simulator's time; resolves to its position. */
export function recordEvent(
  app: FastifyInstance,
  event: SimEvent,
  owner: { streamId: string; organizationId: string },
): Promise<number> {
  return app.eventLog.write(() => app.eventLog.record(event, { ...owner, recordedAt: app.clock.now() }));
}

/** The caller's reach for a decider: every organization it sees, and those it may write to. */
export function callerReachOf(app: FastifyInstance, caller: Session): CallerReach {
  return {
    reachable: caller.reachableOrganizationIds,
    writable: new Set([
      caller.organizationId,
      ...app.organizations.linksOf(caller.organizationId).managedOrganizationIds,
    ]),
  };
}

/** Sends the answer a refusal means. */
export function sendRefusal(reply: FastifyReply, refusal: Refusal) {
  switch (refusal.kind) {
    case 'bad_request':
      return sendBadRequest(reply, refusal.problems);
    case 'forbidden':
      return refusal.message === undefined
        ? sendForbidden(reply)
        : reply.code(403).send({ error: 'forbidden', message: refusal.message });
    case 'not_found':
      return sendNotFound(reply, refusal.text);
    case 'organization_not_found':
      return sendOrganizationNotFound(reply);
    case 'unprocessable':
      return sendUnprocessable(reply, refusal.text);
    default: {
      const unexpected: never = refusal;
      throw new Error(`Unknown refusal ${JSON.stringify(unexpected)}`);
    }
  }
}

/**
 * Decides and appends in one top-level write: `decide` loads what it decides on and runs the decider inside the
 * write, after a cluster node's replica has caught up to the cluster's turn, so no other node's write can slip in
 * between the read and the append (two saves of one name on two nodes: one is refused). Resolves to the accepted
 * events once committed; for a refusal nothing is written, its answer is sent once the write settled, and it
 * resolves to null. An error in the write rejects, and so reaches the app's error handler through the handler.
 */
export function appendDecision(
  app: FastifyInstance,
  reply: FastifyReply,
  decide: () => Decision,
): Promise<readonly Decided[] | null> {
  return appendDecisionAnd(app, reply, decide, (accepted) => accepted);
}

/**
 * `appendDecision` for a route that writes more in the same transaction (a new user's set-password mail): `also`
 * runs inside the write once the accepted events are appended; resolves to what it returned, or null once the
 * refusal is answered.
 */
export async function appendDecisionAnd<T>(
  app: FastifyInstance,
  reply: FastifyReply,
  decide: () => Decision,
  also: (accepted: readonly Decided[]) => T,
): Promise<T | null> {
  const { decision, made } = await app.eventLog.write(() => {
    const decided = decide();
    if ('refused' in decided) return { decision: decided, made: null };
    recordAccepted(app.eventLog, decided.accepted, app.clock.now());
    return { decision: decided, made: also(decided.accepted) };
  });
  if ('refused' in decision) void sendRefusal(reply, decision.refused);
  return made;
}

/**
 * `appendDecision` for a route that needs what it loaded after the write (a delete's answer names the removed
 * record): `load` and `decide` run inside the write; resolves to the accepted events and the loaded state, or null
 * once the refusal is answered.
 */
export function appendLoadedDecision<S>(
  app: FastifyInstance,
  reply: FastifyReply,
  load: () => S,
  decide: (state: S) => Decision,
): Promise<{ accepted: readonly Decided[]; state: S } | null> {
  let loaded: S | undefined;
  return appendDecisionAnd(
    app,
    reply,
    () => decide((loaded = load())),
    // `also` runs after `decide`, in the same write: `loaded` is set.
    (accepted) => ({ accepted, state: loaded as S }),
  );
}

export function sendForbidden(reply: FastifyReply) {
  return reply.code(403).send({ error: 'forbidden' });
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

export function sendOrganizationNotFound(reply: FastifyReply) {
  return reply.code(404).send(ORGANIZATION_NOT_FOUND);
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

/** A delete that answers the id it removed. */
export const deleteResponses = { 200: DeletedAnswerSchema, ...writeErrorResponses } as const;

/**
 * `GET path?org_ids[]=…` for a resource listed per organization: token and permission first, then the organizations
 * the caller may read (404 for any other), then what `list` answers for them.
 */
export function organizationListRoute(
  app: FastifyInstance,
  path: string,
  route: { permission: readonly string[]; answer: v.GenericSchema; list(organizationIds: string[]): unknown },
): void {
  app.get<{ Querystring: OrganizationIdsQuery }>(
    path,
    {
      onRequest: [app.authenticate, app.requirePermission(route.permission)],
      ...contractRoute({
        querystring: OrganizationIdsQuerySchema,
        response: { 200: route.answer, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      return organizationIds ? route.list(organizationIds) : reply;
    },
  );
}
