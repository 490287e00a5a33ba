// Time travel (docs/time-travel.md): `GET /api/organization/history` answers an organization's picture at a past
// moment, `GET /api/organization/history/events` the cable messages that followed it, paged. Token, permission and
// organization checks as on every list; a moment outside the log's retention answers 422. Both are built in a place
// of a small pool (historyPool.ts, limits in timeTravelLimits.ts): a caller over its share answers 429 with
// Retry-After. A shared thing is in both only inside its share's window (pastAudience.ts). Thin handlers: the
// picture is built in pastPicture.ts, the messages read (and streamed a slice at a time) in pastMessages.ts.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  VIEW_AREAS,
  VIEW_CLOSURES,
  VIEW_EVENTS,
  VIEW_ZONES,
} from '#domain/session/liveOperationsPermissions';
import { hasAnyPermission, VIEW_THINGS } from '#domain/session/rolePermissions';
import {
  PAST_MESSAGES_PAGE_POSITIONS,
  PastMessagesPageSchema,
  PastMessagesQuerySchema,
  PastPictureQuerySchema,
  PastPictureSchema,
  type PastMessagesQuery,
  type PastPictureQuery,
} from '#domain/timeTravel/timeTravelWire';
import { parseTimeQuery } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { CABLE_HISTORY_LIMITS, createCableHistory } from '../cable/cableHistory.ts';
import { contractRoute } from '../kernel/contract.ts';
import { createThingAudienceReader } from '../things/thingAudience.ts';
import { errorSchema } from '../http/errorSchema.ts';
import {
  canReadOrganizations,
  sendBadRequest,
  sendOrganizationNotFound,
  sendUnprocessable,
} from '../http/routeSupport.ts';
import { audienceHistoriesOf } from '../sharing/audienceHistoryRepository.ts';
import { createHistoryPool } from './historyPool.ts';
import { createPastAudience } from './pastAudience.ts';
import { createPastLogRepository } from './pastLogRepository.ts';
import { openPastMessages } from './pastMessages.ts';
import { answerInPlace } from './poolPlaces.ts';
import { buildPastPicture, LOCATIONS_WINDOW_MS } from './pastPicture.ts';
import { createScratchBases } from './scratchBases.ts';
import { createPictureCheckpoints } from '../store/pictureCheckpoints.ts';
import { DEFAULT_TIME_TRAVEL_LIMITS, type TimeTravelLimits } from './timeTravelLimits.ts';

export const OUTSIDE_HISTORY = 'That moment is outside the history the simulator keeps';
export const HISTORY_GONE = 'That part of the history is no longer kept';

const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  422: errorSchema,
  429: errorSchema,
};

export type TimeTravelRouteOptions = { limits?: Partial<TimeTravelLimits> };

export const timeTravelRoutes: FastifyPluginAsync<TimeTravelRouteOptions> = async (app, options) => {
  const limits: TimeTravelLimits = { ...DEFAULT_TIME_TRAVEL_LIMITS, ...options.limits };
  const pool = createHistoryPool(limits);
  const log = createPastLogRepository(app.eventLog.db);
  const histories = audienceHistoriesOf(app.eventLog.db);
  const audience = createPastAudience(createThingAudienceReader(app.eventLog), histories);
  const bases = createScratchBases(log);
  // A log with checkpoints is one worth replaying: the first picture should not pay for projecting every
  // registration, so the base of the newest checkpoint is built in the background once the app is ready.
  app.addHook('onReady', async () => {
    const newest = createPictureCheckpoints(app.eventLog.db).latestSeq();
    if (newest > 0) bases.warm(newest);
  });
  // The resumable streams' reader without their length limit: a replay reads an hour in pages.
  const history = createCableHistory(app.eventLog, audience, {
    ...CABLE_HISTORY_LIMITS,
    maxEvents: Number.POSITIVE_INFINITY,
  });

  /** The last log position at `at`, or null (after answering) when `at` is not a moment of the kept history. */
  function positionAt(at: number, reply: Parameters<typeof sendUnprocessable>[0]): number | null {
    const window = log.window();
    if (window === null || at < window.from || at > app.clock.now()) {
      void sendUnprocessable(reply, OUTSIDE_HISTORY);
      return null;
    }
    return log.lastSeqAt(at, window.lastSeq);
  }

  app.get<{ Querystring: PastPictureQuery }>(
    '/api/organization/history',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_THINGS)],
      ...contractRoute({
        querystring: PastPictureQuerySchema,
        response: { 200: PastPictureSchema, ...errorResponses },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const organizationId = request.query.organization_id;
      if (!canReadOrganizations(caller, [organizationId])) return sendOrganizationNotFound(reply);
      const at = parseTimeQuery(request.query.at);
      if (!Number.isFinite(at)) return sendBadRequest(reply, ['at: an ISO 8601 time or unix milliseconds']);
      const may = (required: readonly string[]) => hasAnyPermission(caller.permissions, required);
      // The moment's position is found in the place too: its bisection reads the log, which a refusal must not.
      return answerInPlace(pool, limits, reply, { userId: caller.userId, organizationId }, async () => {
        const untilSeq = positionAt(at, reply);
        if (untilSeq === null) return reply;
        const answer = await buildPastPicture(log, bases, audience, {
          organizationId,
          at,
          untilSeq,
          parts: {
            locations: may(VIEW_EVENTS),
            closures: may(VIEW_CLOSURES),
            areas: may(VIEW_AREAS),
            zones: may(VIEW_ZONES),
          },
          locationsWindowMs: LOCATIONS_WINDOW_MS,
        });
        const { timings } = answer;
        // Where the time went, for bench:replay and a browser's network panel.
        void reply.header(
          'server-timing',
          `scratch;dur=${timings.scratch.toFixed(1)}, origin;dur=${timings.origin.toFixed(1)}, ` +
            `fold;dur=${timings.fold.toFixed(1)};desc="${timings.foldedPositions} positions", ` +
            `lists;dur=${timings.lists.toFixed(1)}`,
        );
        return reply.type('application/json; charset=utf-8').send(answer.text);
      });
    },
  );

  app.get<{ Querystring: PastMessagesQuery }>(
    '/api/organization/history/events',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_THINGS)],
      ...contractRoute({
        querystring: PastMessagesQuerySchema,
        response: { 200: PastMessagesPageSchema, ...errorResponses },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const organizationId = request.query.organization_id;
      if (!canReadOrganizations(caller, [organizationId])) return sendOrganizationNotFound(reply);
      const to = parseTimeQuery(request.query.to);
      if (!Number.isFinite(to)) return sendBadRequest(reply, ['to: an ISO 8601 time or unix milliseconds']);
      const limit = Math.min(
        Number(request.query.limit ?? PAST_MESSAGES_PAGE_POSITIONS),
        PAST_MESSAGES_PAGE_POSITIONS,
      );
      return answerInPlace(pool, limits, reply, { userId: caller.userId, organizationId }, async () => {
        const untilSeq = positionAt(to, reply);
        if (untilSeq === null) return reply;
        const chunks = openPastMessages(
          { log, history, audience, histories },
          {
            organizationId,
            afterSeq: Number(request.query.after),
            untilSeq,
            maxPositions: Math.max(limit, 1),
          },
        );
        if (chunks === null) return sendUnprocessable(reply, HISTORY_GONE);
        return reply.type('application/json; charset=utf-8').send(Readable.from(chunks));
      });
    },
  );
};
