// Where the live stream stands and what each cable frame does to it (live §9 "Websocket"; docs/cable.md "Resumable
// streams"), for the one connection of client/live/cableConnection.ts: the position of the last broadcast and the
// last ping, so a new subscription asks for the history it missed, and the subscription's steps from welcome to
// live. The connection hands in what a frame may do (`FrameContext`); the sockets and timers stay there.
import { eventsStreamName, type HistoryRequest } from '#domain/cable/cableProtocol';
import type { CableFrame, LiveMessage, StreamPosition } from './cableFrames.ts';

/** Where the stream stands, so a new subscription can take it up where the last one left it. */
export type StreamResume = {
  /** The server speaks the extended protocol (its last welcome had a session id). */
  extended: boolean;
  /** The last broadcast's place in the stream; null until one carried it. */
  position: StreamPosition | null;
  /** The server time (unix seconds) of the last ping: where to resume from when no broadcast came yet. */
  lastPingAt: number | null;
  /** A history was asked for with this subscription; live waits for its answer. */
  awaitingHistory: boolean;
};

export function resumable(resume: StreamResume): boolean {
  return resume.extended && (resume.position !== null || resume.lastPingAt !== null);
}

/** What to ask the server to send again: from the last position, else from the last ping (nothing came yet). */
function historyRequest(resume: StreamResume, organizationId: string): HistoryRequest | null {
  if (!resumable(resume)) return null;
  if (resume.position !== null) return { streams: { [eventsStreamName(organizationId)]: resume.position } };
  return resume.lastPingAt === null ? null : { since: resume.lastPingAt };
}

/** What a frame may do to the connection and the socket it came on. */
export type FrameContext = {
  identifier: string;
  organizationId: string;
  resume: StreamResume;
  everSubscribed(): boolean;
  /** Sends a command on the socket the frame came on. */
  send(data: string): void;
  /** Subscribed (and, if asked, the history answered): broadcasts flow again. */
  becomeLive(resumed: boolean): void;
  /** The socket is of no use: reconnect, or give up after the last attempt. */
  drop(): void;
  /** The server refused this user: stop for good. */
  refuse(): void;
  onMessage(message: LiveMessage): void;
};

/** Does what one frame asks: subscribe on welcome (with the history to resume from), note pings and positions, go
 * live on the server's confirmation, stop or reconnect when it refuses or disconnects, pass broadcasts on. */
export function handleFrame(context: FrameContext, frame: CableFrame) {
  const { identifier, resume } = context;
  switch (frame.kind) {
    case 'welcome': {
      resume.extended = frame.sid !== null;
      const history =
        resume.extended && context.everSubscribed() ? historyRequest(resume, context.organizationId) : null;
      resume.awaitingHistory = history !== null;
      context.send(JSON.stringify({ command: 'subscribe', identifier, ...(history && { history }) }));
      return;
    }
    case 'ping':
      if (frame.at !== null) resume.lastPingAt = frame.at;
      return;
    case 'ignored':
      return;
    case 'confirmed':
      if (frame.identifier !== identifier || resume.awaitingHistory) return;
      context.becomeLive(false);
      return;
    case 'historyConfirmed':
    case 'historyRejected':
      if (frame.identifier !== identifier || !resume.awaitingHistory) return;
      resume.awaitingHistory = false;
      // Rejected: the position is of no use any more; the reload that follows stands in for the history.
      if (frame.kind === 'historyRejected') resume.position = null;
      context.becomeLive(frame.kind === 'historyConfirmed');
      return;
    case 'rejected':
      // The organization is not visible to this user; retrying cannot change that.
      if (frame.identifier === identifier) context.refuse();
      return;
    case 'disconnect':
      if (!frame.reconnect || frame.reason === 'unauthorized') context.refuse();
      else context.drop();
      return;
    case 'message':
      if (frame.identifier !== identifier) return;
      if (frame.position !== null) resume.position = frame.position;
      context.onMessage(frame.message);
      return;
    default: {
      const unhandled: never = frame;
      return unhandled;
    }
  }
}
