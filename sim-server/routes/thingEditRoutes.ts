// The asset writes of live §7: profile (`PUT /api/things/{id}`), sharing (`/associations`), R2R test alert and
// test mode (`/r2r`), LED light intensity (`/light_intensity`), plus the asset count. Each write is one event in
// one transaction, then the whole thing is broadcast to every organization that sees it.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { CHANGE_LIGHT_INTENSITY, EDIT_THING, INVOKE_R2R } from '#domain/session/liveOperationsPermissions';
import { VIEW_THINGS } from '#domain/session/rolePermissions';
import {
  keptIntegrations,
  thingProfileProblems,
  type ThingProfileWrite,
} from '#domain/things/thingProfileRules';
import { callerOf } from '../auth/authPlugin.ts';
import type { ThingRelationshipRecord } from '../store/events.ts';
import {
  LIGHT_INTENSITIES,
  type LightIntensity,
  type ThingProfileRecord,
} from '../things/thingEditRecords.ts';
import { createThingLookup, type ThingLookup } from '../things/thingLookup.ts';
import { thingSchema } from '../things/thingSchema.ts';
import type { Session } from '../users/userReadModel.ts';
import { idParams, organizationIdsQuery } from '../shared/jsonSchemaParts.ts';
import {
  canWriteOrganization,
  readableOrganizationIds,
  readErrorResponses,
  recordEvent,
  sendBadRequest,
  sendForbidden,
  sendNotFound,
  sendOrganizationNotFound,
  sendUnprocessable,
  writeErrorResponses,
  type OrganizationIdsQuery,
} from './routeSupport.ts';

/** A device that has not reported for this long does not answer commands ("Timed out waiting for device"). */
export const DEVICE_ANSWER_WINDOW_MS = 15 * 60 * 1000;
export const DEVICE_TIMED_OUT = 'Timed out waiting for device';
export const THING_NOT_FOUND = 'Thing not found';
const DEFAULT_LIGHT_INTENSITY: LightIntensity = 'medium';

type IdParams = { id: string };

const profileBodySchema = {
  type: 'object',
  required: ['in_service', 'is_publicly_alerting'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    in_service: { type: 'boolean' },
    is_publicly_alerting: { type: 'boolean' },
    nickname: { type: ['string', 'null'], maxLength: 200 },
    thing_type_id: { type: ['string', 'null'], maxLength: 100 },
    thing_subtype_id: { type: ['string', 'null'], maxLength: 100 },
    vin_number: { type: ['string', 'null'], maxLength: 200 },
    license_plate_number: { type: ['string', 'null'], maxLength: 200 },
    registry_number: { type: ['string', 'null'], maxLength: 200 },
    external_identifiers: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        required: ['identifier_id', 'system_name'],
        properties: {
          identifier_id: { type: 'string', maxLength: 200 },
          system_name: { type: 'string', maxLength: 100 },
          is_deleted: { type: 'boolean' },
        },
      },
    },
  },
} as const;

type RelationshipWrite = { organization_uuid: string; relationship_type: 'manager' | 'accessor' | 'delete' };

const associationsBodySchema = {
  type: 'object',
  required: ['organization_relationships'],
  properties: {
    organization_relationships: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        required: ['organization_uuid', 'relationship_type'],
        properties: {
          organization_uuid: { type: 'string', minLength: 1, maxLength: 100 },
          relationship_type: { type: 'string', enum: ['manager', 'accessor', 'delete'] },
        },
      },
    },
  },
} as const;

const relationshipsSchema = {
  type: 'object',
  required: ['organization_relationships'],
  properties: { organization_relationships: thingSchema.properties.organization_relationships },
} as const;

const r2rBodySchema = {
  type: 'object',
  properties: { test_mode: { type: 'boolean' } },
} as const;

const lightIntensitySchema = {
  type: 'object',
  required: ['light_intensity'],
  properties: { light_intensity: { type: 'string', minLength: 1, maxLength: 20 } },
} as const;

/** Whether the caller's organization sees the thing at all. */
function canSeeThing(lookup: ThingLookup, caller: Session, thingId: string): boolean {
  return lookup.audience(thingId).some((entry) => caller.reachableOrganizationIds.has(entry.organization_id));
}

/** Edits need the owner, or a manager relationship, among the organizations the caller may write to. */
function canEditThing(app: FastifyInstance, lookup: ThingLookup, caller: Session, thingId: string): boolean {
  return lookup
    .audience(thingId)
    .some(
      (entry) =>
        entry.relationship_type !== 'accessor' && canWriteOrganization(app, caller, entry.organization_id),
    );
}

export const thingEditRoutes: FastifyPluginAsync = async (app) => {
  const lookup = createThingLookup(app.eventLog.db);
  const { db } = app.eventLog;
  const selectThingType = db.prepare<[string], { name: string }>('SELECT name FROM thing_types WHERE id = ?');
  const selectThingTypeByName = db.prepare<[string], { id: string }>(
    'SELECT id FROM thing_types WHERE name = ?',
  );
  const selectSubtype = db.prepare<[string], { name: string; thing_type_id: string }>(
    'SELECT name, thing_type_id FROM thing_subtypes WHERE id = ?',
  );
  const selectOrganizationName = db.prepare<[string], { name: string }>(
    'SELECT name FROM organizations WHERE id = ?',
  );
  const selectLightIntensity = db.prepare<[string], { light_intensity: LightIntensity }>(
    'SELECT light_intensity FROM thing_light_intensities WHERE thing_id = ?',
  );
  const countThings = db.prepare<[string], { total: number }>(`
    SELECT count(*) AS total FROM things t WHERE t.is_active = 1 AND EXISTS (
      SELECT 1 FROM thing_access a WHERE a.thing_id = t.id AND a.organization_id IN (SELECT value FROM json_each(?)))`);

  function recordThingEvent(
    thingId: string,
    organizationId: string,
    event: Parameters<typeof app.eventLog.record>[0],
  ) {
    recordEvent(app, event, { streamId: thingId, organizationId });
  }

  /** The thing a command names, when the caller may command it; otherwise the answer is already sent. */
  function commandTarget(reply: FastifyReply, caller: Session, thingId: string) {
    const record = lookup.record(thingId);
    if (!record || !canSeeThing(lookup, caller, thingId)) {
      void sendNotFound(reply, THING_NOT_FOUND);
      return null;
    }
    return record;
  }

  function deviceAnswers(thingId: string): boolean {
    const heardAt = lookup.lastHeardAt(thingId);
    return heardAt !== null && app.clock.now() - heardAt <= DEVICE_ANSWER_WINDOW_MS;
  }

  app.put<{ Params: IdParams; Body: ThingProfileWrite }>(
    '/api/things/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_THING)],
      schema: {
        params: idParams,
        body: profileBodySchema,
        response: { 200: thingSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const problems = thingProfileProblems(body);
      if (problems.length > 0) return sendBadRequest(reply, problems);
      const record = lookup.record(request.params.id);
      if (!record || !canSeeThing(lookup, caller, record.id))
        return sendUnprocessable(reply, THING_NOT_FOUND);
      if (!canEditThing(app, lookup, caller, record.id)) return sendForbidden(reply);
      const nickname = body.nickname === undefined ? record.nickname : body.nickname;
      // An integration names its own assets; the dashboard cannot rename them (live §8 "nickname").
      if (record.is_integration_org && nickname !== record.nickname)
        return sendUnprocessable(reply, 'Asset nickname cannot be changed: it is managed by the integration');
      let thingType = record.thing_type;
      let subtype = { name: record.thing_subtype, id: record.thing_subtype_uuid };
      if (body.thing_type_id !== undefined && body.thing_type_id !== null) {
        const type = selectThingType.get(body.thing_type_id);
        if (!type) return sendBadRequest(reply, ['thing_type_id: not a known thing type']);
        if (type.name !== record.thing_type) subtype = { name: null, id: null };
        thingType = type.name;
      }
      if (body.thing_subtype_id === null) subtype = { name: null, id: null };
      else if (body.thing_subtype_id !== undefined) {
        const found = selectSubtype.get(body.thing_subtype_id);
        const typeId = selectThingTypeByName.get(thingType)?.id;
        if (!found || found.thing_type_id !== typeId)
          return sendBadRequest(reply, ['thing_subtype_id: not a subtype of the thing type']);
        subtype = { name: found.name, id: body.thing_subtype_id };
      }
      const keep = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
      const profile: ThingProfileRecord = {
        in_service: body.in_service,
        is_publicly_alerting: body.is_publicly_alerting,
        nickname: nickname === '' ? null : nickname,
        thing_type: thingType,
        thing_subtype: subtype.name,
        thing_subtype_uuid: subtype.id,
        vin_number: keep(body.vin_number, record.vin_number),
        license_plate_number: keep(body.license_plate_number, record.license_plate_number),
        registry_number: keep(body.registry_number, record.registry_number),
        external_identifiers:
          body.external_identifiers === undefined
            ? record.external_identifiers
            : keptIntegrations(body.external_identifiers).map(({ identifier_id, system_name }) => ({
                identifier_id,
                system_name,
              })),
      };
      recordThingEvent(record.id, record.organization_id, { type: 'ThingProfileUpdated', data: profile });
      return reply.type('application/json; charset=utf-8').send(lookup.json(record.id));
    },
  );

  app.put<{ Params: IdParams; Body: { organization_relationships: RelationshipWrite[] } }>(
    '/api/things/:id/associations',
    {
      onRequest: [app.authenticate, app.requirePermission(EDIT_THING)],
      schema: {
        params: idParams,
        body: associationsBodySchema,
        response: { 200: relationshipsSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const record = lookup.record(request.params.id);
      if (!record || !canSeeThing(lookup, caller, record.id))
        return sendUnprocessable(reply, THING_NOT_FOUND);
      if (!canEditThing(app, lookup, caller, record.id)) return sendForbidden(reply);
      const relationships = new Map<string, ThingRelationshipRecord>(
        record.organization_relationships.map((relation) => [relation.organization_uuid, relation]),
      );
      for (const change of request.body.organization_relationships) {
        if (change.organization_uuid === record.organization_id)
          return sendBadRequest(reply, [
            'organization_relationships: the owner cannot be a manager or accessor',
          ]);
        const organization = selectOrganizationName.get(change.organization_uuid);
        if (!organization) return sendOrganizationNotFound(reply);
        if (change.relationship_type === 'delete') relationships.delete(change.organization_uuid);
        else
          relationships.set(change.organization_uuid, {
            organization_uuid: change.organization_uuid,
            organization_name: organization.name,
            relationship_type: change.relationship_type,
          });
      }
      const organization_relationships = [...relationships.values()].sort((a, b) =>
        a.organization_uuid.localeCompare(b.organization_uuid),
      );
      const revoked_organization_uuids = record.organization_relationships
        .map((relation) => relation.organization_uuid)
        .filter((organizationId) => !relationships.has(organizationId));
      recordThingEvent(record.id, record.organization_id, {
        type: 'ThingRelationshipsChanged',
        data: { organization_relationships, revoked_organization_uuids },
      });
      return { organization_relationships };
    },
  );

  app.put<{ Params: IdParams; Body: { test_mode?: boolean } | undefined }>(
    '/api/things/:id/r2r',
    {
      onRequest: [app.authenticate, app.requirePermission(INVOKE_R2R)],
      schema: {
        params: idParams,
        body: r2rBodySchema,
        response: {
          200: {
            type: 'object',
            properties: { test_mode: { type: 'boolean' }, delivered: { type: 'boolean' } },
          },
          ...writeErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const record = commandTarget(reply, callerOf(request), request.params.id);
      if (!record) return reply;
      if (record.device_type === 'api')
        return sendUnprocessable(reply, 'R2R not enabled: the hardware has no R2R');
      const testMode = request.body?.test_mode;
      if (testMode !== undefined) {
        if (!record.is_allowed_for_test_mode)
          return sendUnprocessable(reply, 'R2R not enabled: test mode is not allowed for this asset');
        recordThingEvent(record.id, record.organization_id, {
          type: 'ThingTestModeSwitched',
          data: { test_mode: testMode },
        });
        return { test_mode: testMode };
      }
      if (!record.features.r2r && !record.test_mode) return sendUnprocessable(reply, 'R2R not enabled');
      const delivered = deviceAnswers(record.id);
      recordThingEvent(record.id, record.organization_id, { type: 'R2RTestAlertSent', data: { delivered } });
      return { delivered };
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/things/:id/light_intensity',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_THINGS)],
      schema: {
        params: idParams,
        response: { 200: lightIntensitySchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const record = commandTarget(reply, callerOf(request), request.params.id);
      if (!record) return reply;
      if (record.device_type !== 'ha5')
        return sendUnprocessable(reply, 'Light intensity is not supported by this device');
      if (!deviceAnswers(record.id)) return sendUnprocessable(reply, DEVICE_TIMED_OUT);
      const stored = selectLightIntensity.get(record.id)?.light_intensity ?? DEFAULT_LIGHT_INTENSITY;
      // The device reports in capitals; the dashboard lower-cases it (live §7).
      return { light_intensity: stored.toUpperCase() };
    },
  );

  app.put<{ Params: IdParams; Body: { light_intensity: string } }>(
    '/api/things/:id/light_intensity',
    {
      onRequest: [app.authenticate, app.requirePermission(CHANGE_LIGHT_INTENSITY)],
      schema: {
        params: idParams,
        body: lightIntensitySchema,
        response: {
          200: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
          ...writeErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const intensity = request.body.light_intensity.toLowerCase();
      if (!(LIGHT_INTENSITIES as readonly string[]).includes(intensity))
        return sendBadRequest(reply, [`light_intensity: one of ${LIGHT_INTENSITIES.join(', ')}`]);
      const record = commandTarget(reply, callerOf(request), request.params.id);
      if (!record) return reply;
      if (record.device_type !== 'ha5')
        return sendUnprocessable(reply, 'Light intensity is not supported by this device');
      if (!deviceAnswers(record.id)) return sendUnprocessable(reply, DEVICE_TIMED_OUT);
      recordThingEvent(record.id, record.organization_id, {
        type: 'LightIntensitySet',
        data: { light_intensity: intensity as LightIntensity },
      });
      return { message: 'Update was successful' };
    },
  );

  app.get<{ Querystring: OrganizationIdsQuery }>(
    '/api/organization/things_count',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_THINGS)],
      schema: {
        querystring: { type: 'object', properties: organizationIdsQuery },
        response: {
          200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
          ...readErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const organizationIds = readableOrganizationIds(callerOf(request), request.query, reply);
      if (!organizationIds) return reply;
      return { count: countThings.get(JSON.stringify(organizationIds))?.total ?? 0 };
    },
  );
};
