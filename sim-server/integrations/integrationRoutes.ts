// Integrations (access §2 accounts/integrations, §3 "API token", "Config file"; the paths are ours, docs/contract.md):
// the caller's API tokens — created with a description, the secret answered once, revoked by id — and the
// organization's device config files. Each write is parse (domain/integrations/) → load (the repositories) → decide
// (apiTokenDecider, configFileDecider) → append, one function for each resource's routes. The bearer check that lets
// an API token in is in auth/authPlugin.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_TOKEN_PREFIX,
  API_KEY_LIMIT,
  ApiTokenCreateSchema,
  ApiTokenListSchema,
  ApiTokenRecordSchema,
  maskToken,
  type ApiTokenCreate,
  type ApiTokenList,
} from '#domain/integrations/apiToken';
import {
  ConfigFileListSchema,
  ConfigFileRecordSchema,
  ConfigFileSaveSchema,
  type ConfigFileSave,
} from '#domain/integrations/configFile';
import { MANAGE_INTEGRATIONS, VIEW_INTEGRATIONS } from '#domain/session/routeGates';
import { IdParamsSchema, type IdParams } from '#domain/wire/requestParts';
import { callerOf } from '../http/caller.ts';
import { hashToken } from '../kernel/tokenHash.ts';
import { decideApiToken, type ApiTokenCaller, type ApiTokenCommand } from './apiTokenDecider.ts';
import { createApiTokenRepository } from './apiTokenRepository.ts';
import {
  decideConfigFile,
  type ConfigFileCaller,
  type ConfigFileCommand,
  type ConfigFileState,
} from './configFileDecider.ts';
import { createConfigFileRepository } from './configFileRepository.ts';
import { contractRoute } from '../kernel/contract.ts';
import {
  appendDecision,
  callerReachOf,
  deleteResponses,
  readErrorResponses,
  writeErrorResponses,
  organizationListRoute,
} from '../http/routeSupport.ts';

/** Marks an answer as never to be stored, refusals included (so it runs first). */
const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
};

/** Random characters after the prefix: 256 bits, url-safe. */
const TOKEN_BYTES = 32;

const decisionContext = (app: FastifyInstance) => ({ now: app.clock.now(), newId: randomUUID });

/** The caller's API tokens: list, create (the secret answered once), revoke. */
function apiTokenRoutes(app: FastifyInstance): void {
  const apiTokens = createApiTokenRepository(app.eventLog.db);

  function tokenCaller(request: FastifyRequest): ApiTokenCaller {
    const caller = callerOf(request);
    return {
      userId: caller.userId,
      organizationId: caller.organizationId,
      hasApiKeys: apiTokens.hasApiKeys(caller.userId),
    };
  }

  const decideToken = (command: ApiTokenCommand) =>
    decideApiToken(command, { tokens: apiTokens.tokensOf(command.caller.userId) }, decisionContext(app));

  app.get(
    '/api/api_tokens',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_INTEGRATIONS)],
      ...contractRoute({ response: { 200: ApiTokenListSchema, ...readErrorResponses } }),
    },
    async (request): Promise<ApiTokenList> => ({
      api_tokens: apiTokens.tokensOf(callerOf(request).userId).map((token) => ({
        id: token.id,
        description: token.description,
        token: maskToken(token.token_tail),
        created_date: token.created_date,
      })),
      limit: API_KEY_LIMIT,
    }),
  );

  app.post<{ Body: ApiTokenCreate }>(
    '/api/api_tokens',
    {
      // The answer holds the whole secret: no cache or proxy may keep it (RFC 6749 §5.1 asks the same of tokens).
      // A token mints another only from a signed-in session: a leaked API token must not breed more (issue 24).
      onRequest: [
        noStore,
        app.authenticate,
        app.requireSignedInSession,
        app.requirePermission(VIEW_INTEGRATIONS),
      ],
      ...contractRoute({
        body: ApiTokenCreateSchema,
        response: { 201: ApiTokenRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const token = `${API_TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
      const accepted = await appendDecision(app, reply, () =>
        decideToken({
          type: 'CreateApiToken',
          caller: tokenCaller(request),
          description: request.body.description,
          secret: { hash: hashToken(token), tail: token.slice(-4) },
        }),
      );
      const event = accepted?.[0]?.event;
      if (event?.type !== 'ApiTokenCreated') return reply;
      // The only time the secret is shown (access §2 "shown once").
      return reply.code(201).send({
        id: event.data.id,
        description: event.data.description,
        token,
        created_date: event.data.created_date,
      });
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/api_tokens/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(VIEW_INTEGRATIONS)],
      ...contractRoute({ params: IdParamsSchema, response: deleteResponses }),
    },
    async (request, reply) => {
      const removed = await appendDecision(app, reply, () =>
        decideToken({
          type: 'RevokeApiToken',
          caller: tokenCaller(request),
          tokenId: request.params.id,
        }),
      );
      return removed ? { id: request.params.id } : reply;
    },
  );
}

/** The organization's device config files: list, create, delete. */
function configFileRoutes(app: FastifyInstance): void {
  const configFiles = createConfigFileRepository(app.eventLog.db);

  function fileCaller(request: FastifyRequest): ConfigFileCaller {
    const caller = callerOf(request);
    return { ...callerReachOf(app, caller), email: app.users.profile(caller.userId)?.user.email ?? '' };
  }

  function fileState(configFileId: string | null, organizationId: string | null): ConfigFileState {
    return {
      configFile: configFileId === null ? null : configFiles.byId(configFileId),
      organizationName: organizationId === null ? null : configFiles.organizationName(organizationId),
    };
  }

  const decideFile = (command: ConfigFileCommand, state: ConfigFileState) =>
    decideConfigFile(command, state, decisionContext(app));

  organizationListRoute(app, '/api/organization/config_files', {
    permission: VIEW_INTEGRATIONS,
    answer: ConfigFileListSchema,
    list: (organizationIds) => configFiles.list(organizationIds),
  });

  app.post<{ Body: ConfigFileSave }>(
    '/api/organization/config_files',
    {
      onRequest: [app.authenticate, app.requirePermission(MANAGE_INTEGRATIONS)],
      ...contractRoute({
        body: ConfigFileSaveSchema,
        response: { 201: ConfigFileRecordSchema, ...writeErrorResponses },
      }),
    },
    async (request, reply) => {
      const organizationId = callerOf(request).organizationId;
      const accepted = await appendDecision(app, reply, () =>
        decideFile(
          { type: 'CreateConfigFile', caller: fileCaller(request), organizationId, save: request.body },
          fileState(null, organizationId),
        ),
      );
      return accepted ? reply.code(201).send(accepted[0]?.event.data) : reply;
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/organization/config_files/:id',
    {
      onRequest: [app.authenticate, app.requirePermission(MANAGE_INTEGRATIONS)],
      ...contractRoute({ params: IdParamsSchema, response: deleteResponses }),
    },
    async (request, reply) => {
      const removed = await appendDecision(app, reply, () =>
        decideFile(
          { type: 'DeleteConfigFile', caller: fileCaller(request), configFileId: request.params.id },
          fileState(request.params.id, null),
        ),
      );
      return removed ? { id: request.params.id } : reply;
    },
  );
}

export const integrationRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  apiTokenRoutes(app);
  configFileRoutes(app);
};
