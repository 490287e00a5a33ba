// Alerting zones of live §7 (wrong-way-driver zones): list (optionally by hotspot), create, update, delete.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { alertingZoneProblems, type AlertingZoneWriteBody } from '#domain/zones/alertingZoneRules';
import { MANAGE_ZONES, VIEW_ZONES } from '#domain/session/liveOperationsPermissions';
import { truncateCoordinate } from '#domain/units/coordinates';
import { callerOf } from '../auth/authPlugin.ts';
import { idParams, organizationIdsQuery } from '../shared/jsonSchemaParts.ts';
import { alertingZoneSchema, type AlertingZoneJson } from '../zones/alertingZoneSchema.ts';
import type { Session } from '../users/userReadModel.ts';
import {
  mayWriteOrganization,
  readableOrganizationIds,
  readErrorResponses,
  recordEvent,
  sendBadRequest,
  writableEntity,
  deleteResponses,
  writeErrorResponses,
  type OrganizationIdsQuery,
} from './routeSupport.ts';

export const ZONE_NOT_FOUND = 'Alerting zone not found';

const zoneBodySchema = {
  type: 'object',
  required: ['type', 'geom_type', 'geometry'],
  properties: {
    id: { type: 'string', maxLength: 100 },
    organization_id: { type: 'string', maxLength: 100 },
    type: { type: 'string', enum: ['wrong_way_driver'] },
    hotspot_id: { type: ['string', 'null'], maxLength: 100 },
    geom_type: { type: 'string', enum: ['polyline'] },
    geometry: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['lat', 'lon'],
        properties: { lat: { type: 'number' }, lon: { type: 'number' } },
      },
    },
    description: { type: ['string', 'null'], maxLength: 1000 },
    alert_message: { type: ['string', 'null'], maxLength: 1000 },
    is_active: { type: 'boolean' },
  },
} as const;

export const alertingZoneRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.eventLog;
  const selectList = db.prepare<[{ organizations: string; hotspot: string | null }], { data: string }>(`
    SELECT data FROM alerting_zones WHERE organization_id IN (SELECT value FROM json_each(@organizations))
      AND (@hotspot IS NULL OR hotspot_id = @hotspot) ORDER BY id`);
  const selectOne = db.prepare<[string], { data: string }>('SELECT data FROM alerting_zones WHERE id = ?');

  const read = (id: string) => {
    const row = selectOne.get(id);
    return row ? (JSON.parse(row.data) as AlertingZoneJson) : null;
  };

  function save(zone: AlertingZoneJson) {
    recordEvent(
      app,
      { type: 'AlertingZoneSaved', data: zone },
      { streamId: zone.id, organizationId: zone.organization_id },
    );
    return zone;
  }

  const changeable = (caller: Session, reply: FastifyReply, id: string) =>
    writableEntity(app, caller, reply, {
      entity: read(id),
      organizationOf: (zone) => zone.organization_id,
      notFound: ZONE_NOT_FOUND,
    });

  function zoneOf(
    body: AlertingZoneWriteBody,
    id: string,
    organizationId: string,
    previous: AlertingZoneJson | null,
  ) {
    return {
      id,
      organization_id: organizationId,
      hotspot_id: body.hotspot_id ?? null,
      description: body.description ?? previous?.description ?? null,
      external_id: previous?.external_id ?? null,
      alerting_zone_type_name: body.type,
      alert_message: body.alert_message ?? previous?.alert_message ?? null,
      features: [
        {
          type: 'polyline' as const,
          geometry: body.geometry.map((point) => ({
            lat: truncateCoordinate(point.lat),
            lon: truncateCoordinate(point.lon),
          })),
        },
      ],
      is_active: body.is_active ?? previous?.is_active ?? true,
      active_things: previous?.active_things ?? [],
      active_locations: previous?.active_locations ?? [],
      default_expiry: previous?.default_expiry ?? 3600,
    };
  }

  app.get<{ Querystring: OrganizationIdsQuery & { hotspot_id?: string } }>(
    '/api/organization/alerting_zones',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_ZONES)],
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...organizationIdsQuery,
            hotspot_id: { type: 'string', minLength: 1, maxLength: 100 },
          },
        },
        response: { 200: { type: 'array', items: alertingZoneSchema }, ...readErrorResponses },
      },
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      if (!organizationIds) return reply;
      return selectList
        .all({ organizations: JSON.stringify(organizationIds), hotspot: request.query.hotspot_id ?? null })
        .map((row) => JSON.parse(row.data) as unknown);
    },
  );

  app.post<{ Body: AlertingZoneWriteBody }>(
    '/api/organization/alerting_zones',
    {
      onRequest: [app.authenticate, app.requirePermission(MANAGE_ZONES)],
      schema: { body: zoneBodySchema, response: { 201: alertingZoneSchema, ...writeErrorResponses } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const organizationId = request.body.organization_id ?? caller.organizationId;
      if (!mayWriteOrganization(app, caller, organizationId, reply)) return reply;
      const problems = alertingZoneProblems(request.body);
      if (problems.length > 0) return sendBadRequest(reply, problems);
      return reply.code(201).send(save(zoneOf(request.body, randomUUID(), organizationId, null)));
    },
  );

  app.put<{ Params: { id: string }; Body: AlertingZoneWriteBody }>(
    '/api/organization/alerting_zones/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(MANAGE_ZONES)],
      schema: {
        params: idParams,
        body: zoneBodySchema,
        response: { 200: alertingZoneSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const previous = changeable(callerOf(request), reply, request.params.id);
      if (!previous) return reply;
      const problems = alertingZoneProblems(request.body);
      if (problems.length > 0) return sendBadRequest(reply, problems);
      return save(zoneOf(request.body, previous.id, previous.organization_id, previous));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/organization/alerting_zones/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(MANAGE_ZONES)],
      schema: {
        params: idParams,
        response: deleteResponses,
      },
    },
    async (request, reply) => {
      const zone = changeable(callerOf(request), reply, request.params.id);
      if (!zone) return reply;
      recordEvent(
        app,
        { type: 'AlertingZoneDeleted', data: { id: zone.id } },
        { streamId: zone.id, organizationId: zone.organization_id },
      );
      return { id: zone.id };
    },
  );
};
