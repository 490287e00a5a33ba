// The simulator's ActionCable endpoint: `GET /cable` as a websocket, and `app.broadcaster` for the writers.
// Registered without encapsulation so that the parent app (and every route plugin in it) sees the decorator.

import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ErrorAnswerSchema } from '#domain/wire/requestParts';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { contractRoute } from '../kernel/contract.ts';
import { acceptConnection } from './acceptConnection.ts';
import type { CableBroadcaster, ResolveCableSession } from './broadcaster.ts';
import { CableHub } from './cableHub.ts';
import { resolveConnectionCaps, type ConnectionCaps } from './connectionCaps.ts';
import { resolveFlowControlLimits, type FlowControlLimits } from './flowControl.ts';
import { offeredSubprotocols, readSubprotocolOffer, speaksExtendedProtocol } from './protocol.ts';

declare module 'fastify' {
  interface FastifyInstance {
    broadcaster: CableBroadcaster;
  }
}

export type CablePluginOptions = {
  resolveSession: ResolveCableSession;
  /** How often every welcomed connection gets a ping; ActionCable uses 3 s and its client gives up after 6 s. */
  pingIntervalMs?: number;
  /** Overrides of the slow-consumer policy (docs/cable.md); tests lower them to make a stall cheap. */
  flowControl?: Partial<FlowControlLimits>;
  /** Overrides of the caps on open connections per user and per token (connectionCaps.ts, docs/cable.md). */
  connectionCaps?: Partial<ConnectionCaps>;
  /** Milliseconds since the epoch, for ping timestamps and stall timing. */
  now?: () => number;
  /** On app close, how long to wait for clients to answer the close handshake before cutting them off. */
  closeGraceMs?: number;
  /**
   * Browser origins allowed besides the simulator's own (an `Origin` whose host is the request's `Host`), e.g.
   * `http://localhost:5173`. Clients that send no `Origin` (not browsers) are always let through.
   */
  allowedOrigins?: readonly string[];
};

const DEFAULT_PING_INTERVAL_MS = 3000;
const DEFAULT_CLOSE_GRACE_MS = 1000;
// Clients only send subscribe and unsubscribe commands; nothing legitimate comes near this.
const MAX_INCOMING_MESSAGE_BYTES = 64 * 1024;

// The token travels as a subprotocol only: a URL lands in logs and proxies (issue 24). `sid` is the extended
// protocol's session to restore, as the official AnyCable client sends it.
const CableQuerySchema = v.looseObject({
  // Empty after a `disconnect` frame: the official client then clears its session but keeps the parameter.
  sid: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

const RESTORE_SID_HEADER = 'x-anycable-restore-sid';

/**
 * A WebSocket is not bound by the same-origin policy, so a page on any site could open the cable from a signed-in
 * user's browser; only the simulator's own origin (the `Host` the request came to) and the allowed ones may.
 * Clients that send no `Origin` are not browsers and are judged by their token alone (issue 24).
 */
function originAllowed(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function restoreSidOf(request: FastifyRequest<{ Querystring: { sid?: string } }>): string | null {
  const header = request.headers[RESTORE_SID_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return fromHeader || request.query.sid || null;
}

const registerCable: FastifyPluginAsync<CablePluginOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;
  const closeGraceMs = options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS;
  if (!(pingIntervalMs > 0)) throw new Error('cable: pingIntervalMs must be positive');
  const hub = new CableHub({
    limits: resolveFlowControlLimits(options.flowControl),
    caps: resolveConnectionCaps(options.connectionCaps),
    now,
  });

  await app.register(websocket, {
    options: {
      maxPayload: MAX_INCOMING_MESSAGE_BYTES,
      // Broadcasts leave as pre-framed uncompressed frames (wireFrames.ts): no extension may change the framing.
      perMessageDeflate: false,
      handleProtocols: (offered) => readSubprotocolOffer(offered).selected ?? false,
    },
    // Replaces the plugin's default, which would close sockets before they hear why.
    preClose: async () => {
      await hub.shutdown(closeGraceMs);
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
  });

  app.decorate('broadcaster', hub);

  const allowedOrigins: ReadonlySet<string> = new Set(options.allowedOrigins ?? []);

  app.route<{ Querystring: { sid?: string } }>({
    method: 'GET',
    url: '/cable',
    ...contractRoute({
      querystring: CableQuerySchema,
      response: { 403: ErrorAnswerSchema, 426: ErrorAnswerSchema },
    }),
    // Before the upgrade: a refused origin never gets a socket.
    preValidation: async (request, reply) => {
      if (!originAllowed(request, allowedOrigins))
        await reply.code(403).send({ error: 'origin not allowed' });
    },
    handler: async (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ error: 'websocket upgrade required' }),
    wsHandler: (socket, request) => {
      const offer = readSubprotocolOffer(offeredSubprotocols(request.headers['sec-websocket-protocol']));
      const extended = offer.selected !== null && speaksExtendedProtocol(offer.selected);
      // request.socket is the TCP socket that ws took over for this connection.
      acceptConnection(
        socket,
        request.socket,
        {
          token: offer.token,
          sid: extended ? randomUUID() : null,
          restoreSid: extended ? restoreSidOf(request) : null,
        },
        {
          hub,
          resolveSession: options.resolveSession,
          log: request.log,
        },
      );
    },
  });

  const pingTimer = setInterval(() => hub.ping(), pingIntervalMs);
  pingTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(pingTimer);
  });
};

/** `app.register(cablePlugin, { resolveSession })`; shared app-wide (plugins/sharedPlugin.ts). */
export const cablePlugin = sharedPlugin('cable', registerCable);
