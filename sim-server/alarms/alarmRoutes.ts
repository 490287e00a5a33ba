// The alarm queue (issue 28 item 3; docs/alarms.md): a page of an organization's alarms, open or acknowledged and
// searched (its page read by the one paging rule, domain/paging/page.ts); acknowledge one; acknowledge every open
// alarm the caller sees. Parse → load (alarmRepository) → decide (alarmDecider) → append; the cable messages come
// from the log's committed events like every other.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AcknowledgeAllBodySchema,
  AlarmPageSchema,
  AlarmQuerySchema,
  AlarmsAcknowledgedAnswerSchema,
  ALARMS_MAX_PER_PAGE,
  ALARMS_PER_PAGE,
  type AcknowledgeAllBody,
  type AlarmQuery,
} from '#domain/alarms/alarm';
import { normalisePageRequest, type PageSizes } from '#domain/paging/page';
import { ANY_ALARM, visibleAlarmKinds } from '#domain/alarms/alarmRules';
import { IdParamsSchema, type IdParams } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { decideAlarm, type AlarmCaller, type AlarmCommand } from './alarmDecider.ts';
import { createAlarmRepository } from './alarmRepository.ts';
import { contractRoute } from '../kernel/contract.ts';
import {
  appendDecision,
  callerReachOf,
  canReadOrganizations,
  readErrorResponses,
  sendOrganizationNotFound,
  writeErrorResponses,
} from '../http/routeSupport.ts';

const ALARM_PAGE_SIZES: PageSizes = { perPage: ALARMS_PER_PAGE, maxPerPage: ALARMS_MAX_PER_PAGE };
const acknowledgedResponses = { 200: AlarmsAcknowledgedAnswerSchema, ...writeErrorResponses } as const;

export const alarmRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const alarms = createAlarmRepository(app.eventLog.db);
  const guards = [app.authenticate, app.requirePermission(ANY_ALARM)];

  function alarmCaller(request: FastifyRequest): AlarmCaller {
    const caller = callerOf(request);
    return {
      ...callerReachOf(app, caller),
      userId: caller.userId,
      userName: alarms.userName(caller.userId) ?? caller.userId,
      permissions: caller.permissions,
    };
  }

  async function acknowledge(command: AlarmCommand, reply: Parameters<typeof appendDecision>[1]) {
    const accepted = await appendDecision(app, reply, () => decideAlarm(command, app.clock.now()));
    if (!accepted) return reply;
    const acknowledgedIds = accepted.flatMap(({ event }) => {
      if (event.type === 'AlarmAcknowledged') return [event.data.alarm_id];
      if (event.type === 'AlarmsAcknowledged') return event.data.alarm_ids;
      return [];
    });
    return { acknowledged_ids: acknowledgedIds };
  }

  app.get<{ Querystring: AlarmQuery }>(
    '/api/alarms',
    {
      onRequest: guards,
      ...contractRoute({
        querystring: AlarmQuerySchema,
        response: { 200: AlarmPageSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const query = request.query;
      const organizationId = query.organization_id ?? caller.organizationId;
      if (!canReadOrganizations(caller, [organizationId])) return sendOrganizationNotFound(reply);
      return alarms.page({
        organizationId,
        kinds: visibleAlarmKinds(caller.permissions),
        state: query.state ?? 'open',
        search: query.search ?? '',
        ...normalisePageRequest(query.page, query.per_page, ALARM_PAGE_SIZES),
      });
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/alarms/:id/acknowledge',
    { onRequest: guards, ...contractRoute({ params: IdParamsSchema, response: acknowledgedResponses }) },
    async (request, reply) =>
      acknowledge(
        { type: 'AcknowledgeAlarm', caller: alarmCaller(request), alarm: alarms.byId(request.params.id) },
        reply,
      ),
  );

  app.post<{ Body: AcknowledgeAllBody }>(
    '/api/alarms/acknowledge_all',
    {
      onRequest: guards,
      ...contractRoute({ body: AcknowledgeAllBodySchema, response: acknowledgedResponses }),
    },
    async (request, reply) => {
      const caller = alarmCaller(request);
      const organizationId = request.body.organization_id;
      // Only what the caller sees: an Org Admin's "all" is not a Media user's.
      const openIds = caller.reachable.has(organizationId)
        ? alarms.openIds(organizationId, visibleAlarmKinds(caller.permissions))
        : [];
      return acknowledge({ type: 'AcknowledgeAllAlarms', caller, organizationId, openIds }, reply);
    },
  );
};
