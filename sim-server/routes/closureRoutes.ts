// Closures of live §7: the list (full, then incremental by `last_updated_timestamp`), create, update (the whole
// form or the list's quick Activate/Deactivate), delete. Feed closures belong to their feed: the dashboard may
// neither edit nor delete them ("not managed"). A WZDx id names one closure ("violates unique").
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  closureProblems,
  closureQuickUpdateProblems,
  isQuickUpdate,
  type ClosureWrite,
} from '#domain/closures/closureRules';
import {
  ADD_CLOSURE,
  DELETE_CLOSURE,
  EDIT_CLOSURE,
  VIEW_CLOSURES,
} from '#domain/session/liveOperationsPermissions';
import { parseTimeQuery } from '#domain/wire/requestParts';
import { callerOf } from '../auth/authPlugin.ts';
import { closureSchema, type ClosureJson, type ClosureThingJson } from '../closures/closureSchema.ts';
import { closureRecord, quicklyUpdatedClosure } from '../closures/closureWrites.ts';
import { idParams, nullableString, organizationIdsQuery } from '../shared/jsonSchemaParts.ts';
import type { Session } from '../users/userReadModel.ts';
import {
  mayWriteOrganization,
  readableOrganizationIds,
  readErrorResponses,
  recordEvent,
  requestedOrganizationIds,
  sendBadRequest,
  sendNotFound,
  sendUnprocessable,
  writableEntity,
  writeErrorResponses,
  type OrganizationIdsQuery,
} from './routeSupport.ts';

export const CLOSURE_NOT_FOUND = 'Closure not found';
export const CLOSURE_NOT_MANAGED = 'Closure not managed by Dashboard: it comes from a feed';
export const WZDX_ID_TAKEN = 'duplicate key value violates unique constraint "closures_by_external_id"';

const routePointWrite = {
  type: 'object',
  required: ['lat'],
  properties: { lat: { type: 'number' }, lng: { type: 'number' }, lon: { type: 'number' } },
} as const;
const routeWrite = { type: ['array', 'null'], maxItems: 5000, items: routePointWrite } as const;
const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

const closureBodySchema = {
  type: 'object',
  required: ['is_active'],
  properties: {
    uuid: { type: 'string', maxLength: 100 },
    id: { type: 'string', maxLength: 100 },
    is_dashboard_managed: { type: 'boolean' },
    is_in_service: { type: 'boolean' },
    closure_type: { type: 'string', enum: ['manual', 'automated', 'feed'] },
    thing_id: text(100),
    description: { type: 'string', maxLength: 1000 },
    alert_message: text(1000),
    direction: text(2),
    impacted_lanes: { type: 'array', maxItems: 9, items: { type: 'integer' } },
    geocoded_route: routeWrite,
    calculated_route: routeWrite,
    user_route: routeWrite,
    street_start: text(300),
    street_end: text(300),
    is_active: { type: 'boolean' },
    start_time: text(40),
    end_time: text(40),
    is_wzdx_compliant: { type: 'boolean' },
    external_id: text(1000),
    location_method: text(100),
    vehicle_impact: text(100),
    group_id: text(100),
  },
} as const;

type FormRefusal = { status: number; problems: string[] };

function sendFormRefusal(reply: FastifyReply, refusal: FormRefusal) {
  if (refusal.status === 400) return sendBadRequest(reply, refusal.problems);
  if (refusal.status === 404) return sendNotFound(reply, refusal.problems.join('; '));
  return sendUnprocessable(reply, refusal.problems.join('; '));
}

type ClosureBody = Partial<ClosureWrite> & { is_active: boolean; id?: string };

const fullFormFields = ['closure_type', 'description', 'is_in_service'] as const;

export const closureRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.eventLog;
  const selectList = db.prepare<[string, number], { data: string }>(`
    SELECT data FROM closures WHERE organization_id IN (SELECT value FROM json_each(?)) AND updated_at >= ?
    ORDER BY id`);
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM closures WHERE id = ?');
  const selectByExternalId = db.prepare<[string], { id: string }>(
    'SELECT id FROM closures WHERE external_id = ?',
  );
  const selectOrganization = db.prepare<
    [string],
    { id: string; name: string; type_name: string; is_wzdx_org: number }
  >('SELECT id, name, type_name, is_wzdx_org FROM organizations WHERE id = ?');
  const selectThing = db.prepare<
    [string, string],
    ClosureThingJson & { heartbeat_at: number | null; is_allowed_for_closures: number }
  >(`
    SELECT t.id, t.nickname, t.system_identifier, t.registry_number, t.vin_number, t.license_plate_number,
      t.is_allowed_for_closures, s.heartbeat_at
    FROM things t JOIN thing_states s ON s.thing_key = t.thing_key
    WHERE t.id = ? AND t.is_active = 1 AND EXISTS (
      SELECT 1 FROM thing_access a WHERE a.thing_id = t.id AND a.organization_id = ?)`);

  const read = (id: string) => {
    const row = selectOne.get(id);
    return row ? (JSON.parse(row.data) as ClosureJson) : null;
  };

  function save(record: ClosureJson) {
    recordEvent(
      app,
      { type: 'ClosureSaved', data: record },
      { streamId: record.id, organizationId: record.organization.id },
    );
    return record;
  }

  /** The closure an update or delete names, when the caller may change it; else null, the refusal sent. */
  function changeable(caller: Session, reply: FastifyReply, id: string): ClosureJson | null {
    const closure = writableEntity(app, caller, reply, {
      entity: read(id),
      organizationOf: (found) => found.organization.id,
      notFound: CLOSURE_NOT_FOUND,
    });
    if (closure && (closure.closure_type === 'feed' || !closure.is_dashboard_managed)) {
      void sendUnprocessable(reply, CLOSURE_NOT_MANAGED);
      return null;
    }
    return closure;
  }

  /** Checks a whole-form body and builds the record, or answers the refusal (status and texts). */
  function fromForm(
    body: ClosureBody,
    organizationId: string,
    id: string,
    previous: ClosureJson | null,
  ): ClosureJson | FormRefusal {
    const missing = fullFormFields.filter((field) => body[field] === undefined);
    if (missing.length > 0) return { status: 400, problems: missing.map((field) => `${field}: is required`) };
    const write = body as ClosureWrite;
    const organization = selectOrganization.get(organizationId);
    if (!organization) return { status: 404, problems: ['Organization not found'] };
    if (write.closure_type === 'feed' && previous === null)
      return { status: 422, problems: [CLOSURE_NOT_MANAGED] };
    const problems = closureProblems(write, {
      now: app.clock.now(),
      isWzdxOrg: organization.is_wzdx_org === 1,
    });
    if (problems.length > 0) return { status: 400, problems };
    let thing: ClosureThingJson | null = null;
    if (write.thing_id) {
      const found = selectThing.get(write.thing_id, organizationId);
      if (!found || found.is_allowed_for_closures !== 1)
        return { status: 422, problems: ['Asset is not allowed for closures of this organization'] };
      const { heartbeat_at, is_allowed_for_closures: _allowed, ...fields } = found;
      thing = {
        ...fields,
        heartbeat_datetime: heartbeat_at === null ? null : new Date(heartbeat_at).toISOString(),
      };
    }
    const externalId = write.external_id?.trim();
    if (externalId) {
      const holder = selectByExternalId.get(externalId);
      if (holder && holder.id !== id) return { status: 422, problems: [WZDX_ID_TAKEN] };
    }
    return closureRecord({
      id,
      write,
      organization: {
        id: organization.id,
        name: organization.name,
        organization_type: organization.type_name,
      },
      thing,
      previous,
      now: app.clock.now(),
    });
  }

  app.get<{ Querystring: OrganizationIdsQuery & { last_updated_timestamp?: string } }>(
    '/api/organization/closure',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_CLOSURES)],
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...organizationIdsQuery,
            last_updated_timestamp: { type: 'string', minLength: 1, maxLength: 40 },
          },
        },
        response: { 200: { type: 'array', items: closureSchema }, ...readErrorResponses },
      },
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      if (!organizationIds) return reply;
      const since =
        request.query.last_updated_timestamp === undefined
          ? 0
          : parseTimeQuery(request.query.last_updated_timestamp);
      if (!Number.isFinite(since))
        return sendBadRequest(reply, ['last_updated_timestamp: an ISO 8601 time or unix milliseconds']);
      return selectList
        .all(JSON.stringify(organizationIds), since)
        .map((row) => JSON.parse(row.data) as unknown);
    },
  );

  app.post<{ Querystring: OrganizationIdsQuery; Body: ClosureBody }>(
    '/api/organization/closure',
    {
      onRequest: [app.authenticate, app.requirePermission(ADD_CLOSURE)],
      schema: {
        querystring: { type: 'object', properties: organizationIdsQuery },
        body: closureBodySchema,
        response: { 201: closureSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const [organizationId = caller.organizationId] = requestedOrganizationIds(request.query, caller);
      if (!mayWriteOrganization(app, caller, organizationId, reply)) return reply;
      const id = request.body.uuid ?? randomUUID();
      if (read(id))
        return sendUnprocessable(reply, 'duplicate key value violates unique constraint "closures_pkey"');
      const result = fromForm(request.body, organizationId, id, null);
      if ('problems' in result) return sendFormRefusal(reply, result);
      return reply.code(201).send(save(result));
    },
  );

  app.put<{ Params: { id: string }; Body: ClosureBody }>(
    '/api/organization/closure/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_CLOSURE)],
      schema: {
        params: idParams,
        body: closureBodySchema,
        response: { 200: closureSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const previous = changeable(callerOf(request), reply, request.params.id);
      if (!previous) return reply;
      const body = request.body;
      if (isQuickUpdate(body as Record<string, unknown>)) {
        const problems = closureQuickUpdateProblems(body, app.clock.now());
        if (problems.length > 0) return sendBadRequest(reply, problems);
        return save(quicklyUpdatedClosure(previous, body.is_active, body.end_time, app.clock.now()));
      }
      const result = fromForm(body, previous.organization.id, previous.id, previous);
      if ('problems' in result) return sendFormRefusal(reply, result);
      return save(result);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/organization/closure/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(DELETE_CLOSURE)],
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'string' }, external_id: nullableString },
          },
          ...writeErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const closure = changeable(callerOf(request), reply, request.params.id);
      if (!closure) return reply;
      recordEvent(
        app,
        { type: 'ClosureDeleted', data: { id: closure.id } },
        { streamId: closure.id, organizationId: closure.organization.id },
      );
      return { id: closure.id, external_id: closure.external_id };
    },
  );
};
