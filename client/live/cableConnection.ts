// The live connection to the provider's cable (live §9 "Websocket"): open with the subprotocols `datapumper`
// and the session token, subscribe to the organization's EventsChannel on welcome, ignore pings, and reconnect
// up to 10 times with a delay of min(1 s × 2^n, 10 s) (the domain's backoff rule). Runs in the live worker; it is
// the dashboard's only reconnect code.
import { DASHBOARD_SUBPROTOCOL, eventsChannelIdentifier } from '#domain/cable/cableProtocol';
import { MAX_RECONNECT_ATTEMPTS, reconnectDelay } from '#domain/pipeline/operators';
import { decodeCableFrame, type LiveMessage } from './cableFrames.ts';

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
  | 'unauthorized';

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
  onStatus(status: CableStatus): void;
  /** Called after a reconnect is subscribed again, so the caller can fetch what it missed. */
  onResubscribed?(): void;
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  timers?: Timers;
  /** Defaults to SILENCE_LIMIT_MS. */
  silenceLimitMs?: number;
  /** A monotonic clock in milliseconds for the silence watchdog; defaults to `performance.now`. */
  now?: () => number;
};

export type CableConnection = { close(): void };

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
  let reconnectTimer: unknown = null;
  let silenceTimer: unknown = null;
  let lastFrameAt = 0;
  let status: CableStatus | null = null;

  function setStatus(next: CableStatus) {
    if (status === next) return;
    status = next;
    options.onStatus(next);
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
    if (closed) return;
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
      case 'welcome':
        current.send(JSON.stringify({ command: 'subscribe', identifier }));
        return;
      case 'ping':
      case 'ignored':
        return;
      case 'confirmed': {
        if (frame.identifier !== identifier) return;
        const isResubscription = everSubscribed;
        failedAttempts = 0;
        everSubscribed = true;
        setStatus('live');
        if (isResubscription) options.onResubscribed?.();
        return;
      }
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
        if (frame.identifier === identifier) options.onMessage(frame.message);
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
      current = createSocket(options.url, [DASHBOARD_SUBPROTOCOL, token]);
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

  return {
    close() {
      closed = true;
      if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      clearSilenceTimer();
      const current = socket;
      socket = null;
      if (current) {
        detach(current);
        try {
          current.close(1000, 'dashboard closed');
        } catch {
          // Already closed.
        }
      }
    },
  };
}
