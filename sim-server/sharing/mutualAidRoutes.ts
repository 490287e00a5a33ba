// Mutual-aid sharing (access §7 `POST /organization/mutual_aid_request`): parse (domain/sharing/mutualAid.ts) →
// load the requester and the assets their organization owns → decide (sharing/mutualAidDecider.ts) → append the
// request and put the mail to support in the outbox, in one transaction.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  expirationLabel,
  MutualAidAnswerSchema,
  MutualAidRequestSchema,
  START_MUTUAL_AID,
  THANK_YOU,
  type MutualAidRequest,
} from '#domain/sharing/mutualAid';
import { callerOf } from '../http/caller.ts';
import { contractRoute } from '../kernel/contract.ts';
import { decideMutualAid } from './mutualAidDecider.ts';
import { createMutualAidRepository } from './mutualAidRepository.ts';
import type { MutualAidRequestRecord } from '../store/events.ts';
import { appendDecisionAnd, sendForbidden, writeErrorResponses } from '../http/routeSupport.ts';

/** Where the simulator's support team reads requests (GET /api/sim/outbox?email=...). */
export const SUPPORT_EMAIL = 'support@example-provider.test';

/** Support reads asset names as the dashboard shows them; the request id finds the ids in the log. */
function supportMail(
  request: MutualAidRequestRecord,
  names: ReadonlyMap<string, string>,
): { subject: string; body: string } {
  const assets = request.thing_uuids.map((id) => names.get(id) ?? id);
  return {
    subject: `Mutual aid request from ${request.firstname} ${request.lastname}`.trim(),
    body:
      `${request.firstname} ${request.lastname} <${request.email}> asks to share ${request.thing_uuids.length} ` +
      `asset(s) with "${request.shared_org}" (${expirationLabel(request.expiration)}). ` +
      `Assets: ${assets.join(', ')}. Request ${request.id}.`,
  };
}

export const mutualAidRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const sharing = createMutualAidRepository(app.eventLog.db);

  app.post<{ Body: MutualAidRequest }>(
    '/api/organization/mutual_aid_request',
    {
      onRequest: [app.authenticate, app.requirePermission(START_MUTUAL_AID)],
      ...contractRoute({
        body: MutualAidRequestSchema,
        response: { 201: MutualAidAnswerSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const requester = sharing.requester(caller.userId);
      if (!requester) return sendForbidden(reply);
      const recorded = await appendDecisionAnd(
        app,
        reply,
        () =>
          decideMutualAid(
            {
              type: 'RequestMutualAid',
              caller: { userId: caller.userId, organizationId: caller.organizationId, ...requester },
              request: request.body,
            },
            { ownedThingIds: sharing.ownedThingIds(caller.organizationId, request.body.thing_uuids) },
            { now: app.clock.now(), newId: randomUUID },
          ),
        (accepted) => {
          const event = accepted[0]?.event;
          if (event?.type !== 'MutualAidRequested') return null;
          const mail = supportMail(event.data, sharing.thingNames(event.data.thing_uuids));
          app.accountSecurity.mail(SUPPORT_EMAIL, mail.subject, mail.body, '');
          return event.data;
        },
      );
      return recorded ? reply.code(201).send({ id: recorded.id, message: THANK_YOU }) : reply;
    },
  );
};
