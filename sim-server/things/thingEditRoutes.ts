// The asset writes of live §7: profile (`PUT /api/things/{id}`), sharing (`/associations`), R2R test alert and
// test mode (`/r2r`), LED light intensity (`/light_intensity`), plus the asset count. Each write is parse (bodies in
// domain/things/) → load (thingRepository) → decide (thingDecider) → append; the cable hears the thing from the log.
// One function per route group, over the parts they share (`thingEditParts`).
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { CHANGE_LIGHT_INTENSITY, EDIT_THING, INVOKE_R2R } from '#domain/session/liveOperationsPermissions';
import { VIEW_THINGS } from '#domain/session/rolePermissions';
import {
  LightIntensityAnswerSchema,
  LightIntensitySaveSchema,
  R2RAnswerSchema,
  R2RCommandSchema,
  ThingAssociationsSaveSchema,
  ThingRelationshipsAnswerSchema,
  ThingsCountAnswerSchema,
  UpdateSuccessfulAnswerSchema,
  type LightIntensity,
  type LightIntensitySave,
  type R2RCommand,
  type ThingAssociationsSave,
} from '#domain/things/thingCommandBodies';
import { ThingProfileWriteSchema, type ThingProfileWrite } from '#domain/things/thingProfileRules';
import { ThingWireRecordSchema } from '#domain/things/thingRecord';
import {
  IdParamsSchema,
  OrganizationIdsQuerySchema,
  type IdParams,
  type OrganizationIdsQuery,
} from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { contractRoute } from '../kernel/contract.ts';
import type { SimEvent } from '../store/events.ts';
import { decideThing, lightIntensityRefusal, type ThingCommand, type ThingState } from './thingDecider.ts';
import { createThingRepository, type ThingRepository } from './thingRepository.ts';
import {
  appendDecision,
  callerReachOf,
  readableOrganizationIds,
  readErrorResponses,
  sendRefusal,
  writeErrorResponses,
} from '../http/routeSupport.ts';

const DEFAULT_LIGHT_INTENSITY: LightIntensity = 'medium';

/** What the routes of the plugin share: the reads, the caller's reach, and deciding and appending a command. */
type ThingEditParts = {
  things: ThingRepository;
  callerReach(request: FastifyRequest): ReturnType<typeof callerReachOf>;
  /** Loads the state and decides inside the write, and appends; the recorded event, or null once the refusal is
   * sent. */
  decideAndAppend(
    reply: FastifyReply,
    command: ThingCommand,
    loadState: () => ThingState,
  ): Promise<SimEvent | null>;
};

function thingEditParts(app: FastifyInstance): ThingEditParts {
  return {
    things: createThingRepository(app.eventLog.db),
    callerReach: (request) => callerReachOf(app, callerOf(request)),
    async decideAndAppend(reply, command, loadState) {
      const accepted = await appendDecision(app, reply, () =>
        decideThing(command, loadState(), { now: app.clock.now(), newId: randomUUID }),
      );
      return accepted?.[0]?.event ?? null;
    },
  };
}

/** `PUT /api/things/:id` (the profile) and `PUT /api/things/:id/associations` (sharing). */
function profileAndSharingRoutes(app: FastifyInstance, parts: ThingEditParts): void {
  const { things, callerReach, decideAndAppend } = parts;
  app.put<{ Params: IdParams; Body: ThingProfileWrite }>(
    '/api/things/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_THING)],
      ...contractRoute({
        params: IdParamsSchema,
        body: ThingProfileWriteSchema,
        response: { 200: ThingWireRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const event = await decideAndAppend(
        reply,
        { type: 'UpdateThingProfile', caller: callerReach(request), thingId: id, profile: request.body },
        () => things.stateOf(id, { profile: request.body }),
      );
      return event ? reply.type('application/json; charset=utf-8').send(things.json(id)) : reply;
    },
  );

  app.put<{ Params: IdParams; Body: ThingAssociationsSave }>(
    '/api/things/:id/associations',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_THING)],
      ...contractRoute({
        params: IdParamsSchema,
        body: ThingAssociationsSaveSchema,
        response: { 200: ThingRelationshipsAnswerSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const changes = request.body.organization_relationships;
      const event = await decideAndAppend(
        reply,
        { type: 'ChangeThingRelationships', caller: callerReach(request), thingId: id, changes },
        () => things.stateOf(id, { organizationIds: changes.map((change) => change.organization_uuid) }),
      );
      if (event?.type !== 'ThingRelationshipsChanged') return reply;
      return { organization_relationships: event.data.organization_relationships };
    },
  );
}

/** `PUT /api/things/:id/r2r`: an R2R test alert or test mode. */
function r2rCommandRoute(
  app: FastifyInstance,
  { things, callerReach, decideAndAppend }: ThingEditParts,
): void {
  app.put<{ Params: IdParams; Body: R2RCommand }>(
    '/api/things/:id/r2r',
    {
      onRequest: [app.authenticate, app.requirePermission(INVOKE_R2R)],
      ...contractRoute({
        params: IdParamsSchema,
        body: R2RCommandSchema,
        response: { 200: R2RAnswerSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const event = await decideAndAppend(
        reply,
        { type: 'CommandR2R', caller: callerReach(request), thingId: id, command: request.body },
        () => things.stateOf(id),
      );
      if (event?.type === 'ThingTestModeSwitched') return { test_mode: event.data.test_mode };
      if (event?.type === 'R2RTestAlertSent') return { delivered: event.data.delivered };
      return reply;
    },
  );
}

/** `GET` and `PUT /api/things/:id/light_intensity`. */
function lightIntensityRoutes(app: FastifyInstance, parts: ThingEditParts): void {
  const { things, callerReach, decideAndAppend } = parts;
  app.get<{ Params: IdParams }>(
    '/api/things/:id/light_intensity',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_THINGS)],
      ...contractRoute({
        params: IdParamsSchema,
        response: { 200: LightIntensityAnswerSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const refused = lightIntensityRefusal(callerReach(request), things.stateOf(id), app.clock.now());
      if (refused && 'refused' in refused) return sendRefusal(reply, refused.refused);
      const stored = things.lightIntensity(id) ?? DEFAULT_LIGHT_INTENSITY;
      // The device reports in capitals; the dashboard lower-cases it (live §7).
      return { light_intensity: stored.toUpperCase() };
    },
  );

  app.put<{ Params: IdParams; Body: LightIntensitySave }>(
    '/api/things/:id/light_intensity',
    {
      onRequest: [app.authenticate, app.requirePermission(CHANGE_LIGHT_INTENSITY)],
      ...contractRoute({
        params: IdParamsSchema,
        body: LightIntensitySaveSchema,
        response: { 200: UpdateSuccessfulAnswerSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const event = await decideAndAppend(
        reply,
        {
          type: 'SetLightIntensity',
          caller: callerReach(request),
          thingId: id,
          level: request.body.light_intensity,
        },
        () => things.stateOf(id),
      );
      return event ? { message: 'Update was successful' } : reply;
    },
  );
}

/** `GET /api/organization/things_count`. */
function thingCountRoute(app: FastifyInstance, { things }: ThingEditParts): void {
  app.get<{ Querystring: OrganizationIdsQuery }>(
    '/api/organization/things_count',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_THINGS)],
      ...contractRoute({
        querystring: OrganizationIdsQuerySchema,
        response: { 200: ThingsCountAnswerSchema, ...readErrorResponses },
      }),
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      if (!organizationIds) return reply;
      return { count: things.count(organizationIds) };
    },
  );
}

export const thingEditRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const parts = thingEditParts(app);
  profileAndSharingRoutes(app, parts);
  r2rCommandRoute(app, parts);
  lightIntensityRoutes(app, parts);
  thingCountRoute(app, parts);
};
