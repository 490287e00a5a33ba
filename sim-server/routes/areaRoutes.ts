// Areas (exclusion zones, points of interest, stations) of live §7: list, create, update, delete. Bad shapes are
// refused with the provider's texts ("invalid", "too large"), which the dashboard translates (live §8).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import {
  areaProblems,
  exclusionShapeVerdict,
  type AreaPointWrite,
  type AreaWrite,
} from '#domain/areas/areaRules';
import {
  ADD_AREA,
  DELETE_AREA,
  EDIT_AREA,
  EDIT_AUTONOMOUS_VEHICLE_AREA,
  VIEW_AREAS,
} from '#domain/session/liveOperationsPermissions';
import { truncateCoordinate } from '#domain/units/coordinates';
import { callerOf } from '../auth/authPlugin.ts';
import { areaSchema, type AreaJson, type AreaPointJson } from '../areas/areaSchema.ts';
import type { AreaTypeRecord } from '../catalog/catalogRecords.ts';
import { idParams, organizationIdsQuery } from '../shared/jsonSchemaParts.ts';
import type { Session } from '../users/userReadModel.ts';
import {
  canWriteOrganization,
  mayWriteOrganization,
  readableOrganizationIds,
  readErrorResponses,
  recordEvent,
  sendBadRequest,
  sendForbidden,
  sendNotFound,
  sendUnprocessable,
  deleteResponses,
  writeErrorResponses,
  type OrganizationIdsQuery,
} from './routeSupport.ts';

const AUTONOMOUS_VEHICLE_AREAS_FOR_STAFF = 'Autonomous-vehicle areas are edited by provider staff';

export const AREA_NOT_FOUND = 'Area not found';
/** Stations drawn as a point get the product's default station radius (live §3). */
const STATION_RADIUS_METRES = 100;

const pointWrite = {
  type: 'object',
  required: ['lat'],
  properties: { lat: { type: 'number' }, lon: { type: 'number' }, lng: { type: 'number' } },
} as const;
const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

const areaBodySchema = {
  type: 'object',
  required: ['name', 'ez_type_id'],
  properties: {
    id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    organization_id: { type: 'string', maxLength: 100 },
    name: { type: 'string', maxLength: 1000 },
    desc: text(2000),
    ez_type_id: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
    area_geom: { type: ['array', 'null'], maxItems: 1000, items: pointWrite },
    point_geom: { anyOf: [pointWrite, { type: 'null' }] },
    address1: text(200),
    address2: text(200),
    city: text(200),
    state: text(100),
    postal_code: text(20),
    country_code: text(10),
  },
} as const;

const truncated = (point: AreaPointWrite): AreaPointJson => ({
  lat: truncateCoordinate(point.lat),
  lon: truncateCoordinate(point.lon ?? point.lng ?? 0),
});
const blankToNull = (value: string | null | undefined) => (value ? value : null);

export const areaRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.eventLog;
  const selectList = db.prepare<[string], { data: string }>(
    'SELECT data FROM areas WHERE organization_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  );
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM areas WHERE id = ?');
  const selectType = db.prepare<[string], { data: string }>('SELECT data FROM area_types WHERE id = ?');
  const selectOrganizationName = db.prepare<[string], { name: string }>(
    'SELECT name FROM organizations WHERE id = ?',
  );

  const read = (id: string) => {
    const row = selectOne.get(id);
    return row ? (JSON.parse(row.data) as AreaJson) : null;
  };

  function record(
    event: { type: 'AreaSaved'; data: AreaJson } | { type: 'AreaDeleted'; data: { id: string } },
    organizationId: string,
  ) {
    recordEvent(app, event, { streamId: event.data.id, organizationId });
  }

  /** Checks the body and builds the area, or sends the refusal and answers null. */
  function build(
    reply: FastifyReply,
    caller: Session,
    body: AreaWrite,
    id: string,
    organizationId: string,
  ): AreaJson | null {
    const problems = areaProblems(body);
    if (problems.length > 0) {
      void sendBadRequest(reply, problems);
      return null;
    }
    const typeRow = selectType.get(String(body.ez_type_id));
    if (!typeRow) {
      void sendBadRequest(reply, ['ez_type_id: not a known area type']);
      return null;
    }
    const type = JSON.parse(typeRow.data) as AreaTypeRecord;
    if (type.is_av_type && !hasAnyPermission(caller.permissions, EDIT_AUTONOMOUS_VEHICLE_AREA)) {
      void reply.code(403).send({ error: 'forbidden', message: AUTONOMOUS_VEHICLE_AREAS_FOR_STAFF });
      return null;
    }
    const polygon = (body.area_geom ?? []).map(truncated);
    const verdict = exclusionShapeVerdict(polygon);
    if (!verdict.ok) {
      void sendUnprocessable(reply, verdict.message);
      return null;
    }
    const point = body.point_geom ? truncated(body.point_geom) : null;
    return {
      id,
      organization_id: organizationId,
      organization_name: selectOrganizationName.get(organizationId)?.name ?? '',
      thing_id: null,
      name: body.name.trim(),
      desc: blankToNull(body.desc),
      lat: point?.lat ?? null,
      lng: point?.lon ?? null,
      radius_dist: polygon.length === 0 && type.is_station_view ? STATION_RADIUS_METRES : 0,
      is_active: true,
      area_geom: polygon.length > 0 ? polygon : null,
      point_geom: point,
      ez_type: type,
      address1: blankToNull(body.address1),
      address2: blankToNull(body.address2),
      city: blankToNull(body.city),
      state: blankToNull(body.state),
      postal_code: blankToNull(body.postal_code),
      country_code: blankToNull(body.country_code?.toUpperCase()),
    };
  }

  /** The area an update or delete names, when the caller may change it; else the refusal is sent. */
  function changeable(reply: FastifyReply, caller: Session, id: string): AreaJson | null {
    const area = read(id);
    if (!area || !caller.reachableOrganizationIds.has(area.organization_id)) {
      void sendNotFound(reply, AREA_NOT_FOUND);
      return null;
    }
    const isStaff = hasAnyPermission(caller.permissions, EDIT_AUTONOMOUS_VEHICLE_AREA);
    if (
      (!isStaff && !canWriteOrganization(app, caller, area.organization_id)) ||
      (area.ez_type.is_av_type && !isStaff)
    ) {
      void sendForbidden(reply);
      return null;
    }
    return area;
  }

  app.get<{ Querystring: OrganizationIdsQuery }>(
    '/api/organization/exclusion_zone',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_AREAS)],
      schema: {
        querystring: { type: 'object', properties: organizationIdsQuery },
        response: { 200: { type: 'array', items: areaSchema }, ...readErrorResponses },
      },
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      if (!organizationIds) return reply;
      return selectList.all(JSON.stringify(organizationIds)).map((row) => JSON.parse(row.data) as unknown);
    },
  );

  app.post<{ Body: AreaWrite }>(
    '/api/organization/exclusion_zone',
    {
      onRequest: [app.authenticate, app.requirePermission(ADD_AREA)],
      schema: { body: areaBodySchema, response: { 201: areaSchema, ...writeErrorResponses } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const organizationId = request.body.organization_id ?? caller.organizationId;
      if (!mayWriteOrganization(app, caller, organizationId, reply)) return reply;
      const area = build(reply, caller, request.body, randomUUID(), organizationId);
      if (!area) return reply;
      record({ type: 'AreaSaved', data: area }, organizationId);
      return reply.code(201).send(area);
    },
  );

  app.put<{ Params: { id: string }; Body: AreaWrite }>(
    '/api/organization/exclusion_zone/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_AREA)],
      schema: {
        params: idParams,
        body: areaBodySchema,
        response: { 200: areaSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const previous = changeable(reply, caller, request.params.id);
      if (!previous) return reply;
      const area = build(reply, caller, request.body, previous.id, previous.organization_id);
      if (!area) return reply;
      const kept = { ...area, thing_id: previous.thing_id, is_active: previous.is_active };
      record({ type: 'AreaSaved', data: kept }, kept.organization_id);
      return kept;
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/organization/exclusion_zone/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(DELETE_AREA)],
      schema: {
        params: idParams,
        response: deleteResponses,
      },
    },
    async (request, reply) => {
      const area = changeable(reply, callerOf(request), request.params.id);
      if (!area) return reply;
      record({ type: 'AreaDeleted', data: { id: area.id } }, area.organization_id);
      return { id: area.id };
    },
  );
};
