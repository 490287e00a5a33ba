// The live connection to the provider's cable (live §9 "Websocket"): open with the subprotocols
// `actioncable-v1-ext-json` and `datapumper` and the session token, subscribe to the organization's EventsChannel on
// welcome, and reconnect up to 10 times with a delay of min(1 s × 2^n, 10 s) (the domain's backoff rule). Runs in
// the live worker; it is the dashboard's only reconnect code.
//
// Resuming (DESIGN.md §8, docs/cable.md "Resumable streams"): when the server speaks the extended protocol (its
// welcome has a `sid`), the connection keeps the position (epoch, offset) of the last broadcast it got and, after
// any reconnect, subscribes with `history` from there: the server sends what was missed, in order, then
// `confirm_history`, and the caller is told the stream resumed, so it needs no reload. `reject_history` (the log no
// longer reaches back, or was rebuilt) or a server that speaks only the plain protocol end in the old path: live
// again, not resumed, and the caller reloads.
//
// Pausing (a replay is shown, docs/time-travel.md "The live stream while replaying"): `pause` closes the socket and
// keeps the position; `resume` connects again and takes up the stream from there, as after a drop. Only a server
// that speaks the extended protocol is paused: without history the pause would lose what it skipped.
import {
  ACTIONCABLE_EXT_SUBPROTOCOL,
  DASHBOARD_SUBPROTOCOL,
  eventsChannelIdentifier,
  eventsStreamName,
  type HistoryRequest,
} from '#domain/cable/cableProtocol';
import { MAX_RECONNECT_ATTEMPTS, reconnectDelay } from '#domain/pipeline/operators';
import { decodeCableFrame, type LiveMessage, type StreamPosition } from './cableFrames.ts';

/** The server pings every 3 s; this much silence means the socket is dead even if it never closed. */
export const SILENCE_LIMIT_MS = 10_000;

export type CableStatus =
  /** First connection under way. */
  | 'connecting'
  /** Subscribed; broadcasts flow. */
  | 'live'
  /** Lost; a reconnect is scheduled or under way. */
  | 'reconnecting'
  /** Every reconnect attempt failed. */
  | 'failed'
  /** The server refused the token; reconnecting would not help. */
  | 'unauthorized'
  /** Closed on purpose while a replay is shown; `resume` takes the stream up where it stopped. */
  | 'paused';

/** The part of the browser WebSocket this client uses (the `ws` package's socket fits as well). */
export type SocketLike = {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};

export type Timers = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type CableConnectionOptions = {
  url: string;
  /**
   * The session token, read each time a socket opens: a refreshed token does not disturb the open socket, and the
   * next reconnect offers the current one.
   */
  token: string | (() => string);
  organizationId: string;
  onMessage(message: LiveMessage): void;
  /**
   * `resumed`: with `live`, whether this subscription took up the stream where the last one left it (nothing
   * missed, nothing to reload). `resumable`: with `reconnecting`, whether the next subscription will ask to resume,
   * so polling meanwhile would only repeat what the history brings.
   */
  onStatus(status: CableStatus, details: { resumed: boolean; resumable: boolean }): void;
  /** Called after a reconnect is subscribed again (and resumed, or not), so the caller can fetch what it missed. */
  onResubscribed?(resumed: boolean): void;
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  timers?: Timers;
  /** Defaults to SILENCE_LIMIT_MS. */
  silenceLimitMs?: number;
  /** A monotonic clock in milliseconds for the silence watchdog; defaults to `performance.now`. */
  now?: () => number;
};

export type CableConnection = {
  close(): void;
  /** Stops reading the stream, keeping its position; nothing reconnects until `resume`. */
  pause(): void;
  /** Connects again and asks for what the pause missed (a server without history: live again, not resumed). */
  resume(): void;
};

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
};

export function openCableConnection(options: CableConnectionOptions): CableConnection {
  const createSocket =
    options.createSocket ??
    ((url: string, protocols: string[]) => new WebSocket(url, protocols) as SocketLike);
  const timers = options.timers ?? defaultTimers;
  const identifier = eventsChannelIdentifier(options.organizationId);
  const silenceLimitMs = options.silenceLimitMs ?? SILENCE_LIMIT_MS;
  const now = options.now ?? (() => performance.now());

  let socket: SocketLike | null = null;
  let failedAttempts = 0;
  let everSubscribed = false;
  let closed = false;
  let paused = false;
  let reconnectTimer: unknown = null;
  let silenceTimer: unknown = null;
  let lastFrameAt = 0;
  let status: CableStatus | null = null;
  /** The server speaks the extended protocol (its last welcome had a session id). */
  let extended = false;
  /** The last broadcast's place in the stream; null until one carried it. */
  let position: StreamPosition | null = null;
  /** The server time (unix seconds) of the last ping: where to resume from when no broadcast came yet. */
  let lastPingAt: number | null = null;
  /** A history was asked for with this subscription; live waits for its answer. */
  let awaitingHistory = false;

  function resumable(): boolean {
    return extended && (position !== null || lastPingAt !== null);
  }

  function setStatus(next: CableStatus, resumed = false) {
    if (status === next) return;
    status = next;
    const willResume = (next === 'reconnecting' || next === 'paused') && resumable();
    options.onStatus(next, { resumed, resumable: willResume });
  }

  /** What to ask the server to send again: from the last position, else from the last ping (nothing came yet). */
  function historyRequest(): HistoryRequest | null {
    if (!everSubscribed || !resumable()) return null;
    if (position !== null) return { streams: { [eventsStreamName(options.organizationId)]: position } };
    return lastPingAt === null ? null : { since: lastPingAt };
  }

  /** Subscribed and, if a history was asked for, answered: broadcasts flow again. */
  function becomeLive(resumed: boolean) {
    const isResubscription = everSubscribed;
    failedAttempts = 0;
    everSubscribed = true;
    setStatus('live', resumed);
    if (isResubscription) options.onResubscribed?.(resumed);
  }

  function clearSilenceTimer() {
    if (silenceTimer !== null) timers.clearTimeout(silenceTimer);
    silenceTimer = null;
  }

  // Frames come by the thousand per second: each one only notes the time, and the watchdog, when it fires, looks
  // at how long the socket has really been quiet (re-arming a timer per frame cost more than decoding the frame).
  function armSilenceTimer(current: SocketLike, delay = silenceLimitMs) {
    clearSilenceTimer();
    silenceTimer = timers.setTimeout(() => {
      silenceTimer = null;
      if (current !== socket) return;
      const quietFor = now() - lastFrameAt;
      if (quietFor >= silenceLimitMs) dropSocket(current);
      else armSilenceTimer(current, silenceLimitMs - quietFor);
    }, delay);
  }

  function detach(current: SocketLike) {
    current.onopen = null;
    current.onmessage = null;
    current.onclose = null;
    current.onerror = null;
  }

  /** Forgets a dead socket and schedules the next attempt, or gives up after the last one. */
  function dropSocket(current: SocketLike) {
    detach(current);
    try {
      current.close();
    } catch {
      // Already closed.
    }
    if (current !== socket) return;
    socket = null;
    clearSilenceTimer();
    if (closed || paused) return;
    if (failedAttempts >= MAX_RECONNECT_ATTEMPTS) {
      setStatus('failed');
      return;
    }
    setStatus(everSubscribed || failedAttempts > 0 ? 'reconnecting' : 'connecting');
    const delay = reconnectDelay(failedAttempts);
    failedAttempts += 1;
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  }

  function handleFrame(current: SocketLike, text: string) {
    lastFrameAt = now();
    const frame = decodeCableFrame(text);
    switch (frame.kind) {
      case 'welcome': {
        extended = frame.sid !== null;
        const history = extended ? historyRequest() : null;
        awaitingHistory = history !== null;
        current.send(JSON.stringify({ command: 'subscribe', identifier, ...(history && { history }) }));
        return;
      }
      case 'ping':
        if (frame.at !== null) lastPingAt = frame.at;
        return;
      case 'ignored':
        return;
      case 'confirmed':
        if (frame.identifier !== identifier || awaitingHistory) return;
        becomeLive(false);
        return;
      case 'historyConfirmed':
      case 'historyRejected':
        if (frame.identifier !== identifier || !awaitingHistory) return;
        awaitingHistory = false;
        // Rejected: the position is of no use any more; the reload that follows stands in for the history.
        if (frame.kind === 'historyRejected') position = null;
        becomeLive(frame.kind === 'historyConfirmed');
        return;
      case 'rejected':
        // The organization is not visible to this user; retrying cannot change that.
        if (frame.identifier !== identifier) return;
        closed = true;
        detach(current);
        current.close();
        socket = null;
        clearSilenceTimer();
        setStatus('unauthorized');
        return;
      case 'disconnect':
        if (!frame.reconnect || frame.reason === 'unauthorized') {
          closed = true;
          detach(current);
          current.close();
          socket = null;
          clearSilenceTimer();
          setStatus('unauthorized');
          return;
        }
        dropSocket(current);
        return;
      case 'message':
        if (frame.identifier !== identifier) return;
        if (frame.position !== null) position = frame.position;
        options.onMessage(frame.message);
        return;
      default: {
        const unhandled: never = frame;
        return unhandled;
      }
    }
  }

  function connect() {
    if (closed) return;
    let current: SocketLike;
    try {
      const token = typeof options.token === 'function' ? options.token() : options.token;
      // The extended protocol first; a server that does not speak it answers `datapumper` as before.
      current = createSocket(options.url, [ACTIONCABLE_EXT_SUBPROTOCOL, DASHBOARD_SUBPROTOCOL, token]);
    } catch {
      // A malformed URL or token throws synchronously; treat it like a failed attempt.
      const placeholder: SocketLike = {
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
        send: () => undefined,
        close: () => undefined,
      };
      socket = placeholder;
      dropSocket(placeholder);
      return;
    }
    socket = current;
    current.onopen = () => {
      lastFrameAt = now();
      armSilenceTimer(current);
    };
    current.onmessage = (event) => {
      if (typeof event.data === 'string') handleFrame(current, event.data);
    };
    current.onclose = () => dropSocket(current);
    current.onerror = () => dropSocket(current);
  }

  setStatus('connecting');
  connect();

  /** Cancels any scheduled attempt and closes the socket, if one is open, without scheduling another. */
  function shutDown(reason: string) {
    if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
    reconnectTimer = null;
    clearSilenceTimer();
    awaitingHistory = false;
    const current = socket;
    socket = null;
    if (current) {
      detach(current);
      try {
        current.close(1000, reason);
      } catch {
        // Already closed.
      }
    }
  }

  return {
    close() {
      closed = true;
      shutDown('dashboard closed');
    },
    pause() {
      // A server without history could not give back what the pause misses: the stream keeps flowing there.
      if (closed || paused || !extended) return;
      paused = true;
      shutDown('replay shown');
      failedAttempts = 0;
      setStatus('paused');
    },
    resume() {
      if (closed || !paused) return;
      paused = false;
      // The status stays `paused` until the subscription is live again (no connection banner for a resume); a
      // failed attempt reports `reconnecting` as after any drop.
      connect();
    },
  };
}
