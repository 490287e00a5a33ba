// The life of one cable socket: resolve its token, welcome it or turn it away (an unknown token, or one more
// connection than its user or token may hold), then act on its commands.

import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { ResolveCableSession } from './broadcaster.ts';
import { CableConnection } from './cableConnection.ts';
import type { CableHub } from './cableHub.ts';
import { parseCableCommand } from '#domain/cable/cableProtocol';
import { extendedWelcomeFrame, WELCOME_FRAME } from './protocol.ts';

/** Commands a client may send before its token is resolved; the official client waits for the welcome anyway. */
const MAX_EARLY_COMMANDS = 32;

export type AcceptContext = {
  hub: CableHub;
  resolveSession: ResolveCableSession;
  log: FastifyBaseLogger;
};

/** What the upgrade request said: the token, and for the extended protocol the session ids. */
export type ConnectionOffer = {
  token: string | null;
  /** This connection's new session id; null for the plain protocols. */
  sid: string | null;
  /** The session id of a dropped connection to restore (`?sid=` or `X-AnyCable-Restore-Sid`). */
  restoreSid: string | null;
};

export function acceptConnection(
  socket: WebSocket,
  transport: Socket,
  offer: ConnectionOffer,
  context: AcceptContext,
): void {
  const { hub, resolveSession, log } = context;
  const { token } = offer;
  const connection = new CableConnection(socket, transport, offer.sid);
  const earlyCommands: string[] = [];
  hub.attach(connection);

  const handleCommand = (raw: string): void => {
    const command = parseCableCommand(raw);
    if (command === null || !connection.isOpen) return;
    switch (command.command) {
      case 'subscribe':
        hub.subscribe(connection, command.identifier, command.history);
        break;
      case 'unsubscribe':
        hub.unsubscribe(connection, command.identifier);
        break;
      case 'history':
        hub.requestHistory(connection, command.identifier, command.history);
        break;
      default: {
        const unhandled: never = command.command;
        throw new Error(`unknown cable command ${String(unhandled)}`);
      }
    }
  };

  socket.on('message', (data, isBinary) => {
    // ActionCable speaks JSON text only.
    if (isBinary) return;
    const raw = rawDataToString(data);
    if (connection.session) handleCommand(raw);
    else if (earlyCommands.length < MAX_EARLY_COMMANDS) earlyCommands.push(raw);
  });
  socket.on('close', () => hub.detach(connection));

  Promise.resolve()
    .then(() => (token === null ? null : resolveSession(token)))
    .then(
      (session) => {
        if (!connection.isOpen) return;
        if (session === null) {
          hub.rejectUnauthorized(connection);
          return;
        }
        connection.session = session;
        if (token === null || !hub.admit(connection, token, offer.restoreSid)) return;
        if (offer.sid === null) connection.send(WELCOME_FRAME);
        else {
          const restored = offer.restoreSid === null ? null : hub.restore(connection, offer.restoreSid);
          connection.send(extendedWelcomeFrame(offer.sid, restored));
        }
        for (const raw of earlyCommands.splice(0)) handleCommand(raw);
      },
      (error: unknown) => {
        log.error({ err: error }, 'cable: resolving the session failed');
        hub.rejectUnauthorized(connection);
      },
    );
}

function rawDataToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
