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
//
// Read top to bottom: the types, the socket helpers, the silence watchdog, then `openCableConnection`, which holds
// the connection's state and its reconnects. Where the stream stands and what each frame does: cableStream.ts.
import {
  ACTIONCABLE_EXT_SUBPROTOCOL,
  DASHBOARD_SUBPROTOCOL,
  eventsChannelIdentifier,
} from '#domain/cable/cableProtocol';
import { MAX_RECONNECT_ATTEMPTS, reconnectDelay } from '#domain/pipeline/operators';
import { decodeCableFrame, type LiveMessage } from './cableFrames.ts';
import { handleFrame, resumable, type FrameContext, type StreamResume } from './cableStream.ts';

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

/** Unhooks a socket so nothing it still reports reaches the connection. */
function detach(current: SocketLike) {
  current.onopen = null;
  current.onmessage = null;
  current.onclose = null;
  current.onerror = null;
}

/** Unhooks a socket and closes it; it may already be closed. */
function retire(current: SocketLike, ending?: { code: number; reason: string }) {
  detach(current);
  try {
    if (ending) current.close(ending.code, ending.reason);
    else current.close();
  } catch {
    // Already closed.
  }
}

/** Hooks a socket's events: its opening, each text frame, and its end (closed or failed alike). */
function listen(current: SocketLike, on: { opened(): void; text(data: string): void; ended(): void }) {
  current.onopen = () => on.opened();
  current.onmessage = (event) => {
    if (typeof event.data === 'string') on.text(event.data);
  };
  current.onclose = () => on.ended();
  current.onerror = () => on.ended();
}

/** A socket that is never open: it stands for an attempt that failed before it had one. */
function deadSocket(): SocketLike {
  return {
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    send: () => undefined,
    close: () => undefined,
  };
}

type SilenceWatchdog = {
  /** A frame came: only the time is noted (frames come by the thousand per second). */
  noteFrame(): void;
  /** Starts watching `current`; `onSilent` runs once it was quiet for the limit. */
  arm(current: SocketLike): void;
  clear(): void;
};

// Frames come by the thousand per second: each one only notes the time, and the watchdog, when it fires, looks at
// how long the socket has really been quiet (re-arming a timer per frame cost more than decoding the frame).
function createSilenceWatchdog(
  timers: Timers,
  options: Pick<CableConnectionOptions, 'now' | 'silenceLimitMs'>,
  isCurrent: (current: SocketLike) => boolean,
  onSilent: (current: SocketLike) => void,
): SilenceWatchdog {
  const now = options.now ?? (() => performance.now());
  const limitMs = options.silenceLimitMs ?? SILENCE_LIMIT_MS;
  let timer: unknown = null;
  let lastFrameAt = 0;
  const clear = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  const arm = (current: SocketLike, delay = limitMs) => {
    clear();
    timer = timers.setTimeout(() => {
      timer = null;
      if (!isCurrent(current)) return;
      const quietFor = now() - lastFrameAt;
      if (quietFor >= limitMs) onSilent(current);
      else arm(current, limitMs - quietFor);
    }, delay);
  };
  return {
    noteFrame: () => {
      lastFrameAt = now();
    },
    arm: (current) => {
      lastFrameAt = now();
      arm(current);
    },
    clear,
  };
}

/**
 * A new socket with the session's current token, the extended protocol offered first (a server that does not speak
 * it answers `datapumper` as before); null when a malformed URL or token threw at once.
 */
function openSocket(options: CableConnectionOptions): SocketLike | null {
  const createSocket =
    options.createSocket ??
    ((url: string, protocols: string[]) => new WebSocket(url, protocols) as SocketLike);
  try {
    const token = typeof options.token === 'function' ? options.token() : options.token;
    return createSocket(options.url, [ACTIONCABLE_EXT_SUBPROTOCOL, DASHBOARD_SUBPROTOCOL, token]);
  } catch {
    return null;
  }
}

/** Reports each new status once, saying whether a reconnect or a resume will take the stream up where it was. */
function statusReporter(options: CableConnectionOptions, resume: StreamResume) {
  let status: CableStatus | null = null;
  return (next: CableStatus, resumed = false) => {
    if (status === next) return;
    status = next;
    const willResume = (next === 'reconnecting' || next === 'paused') && resumable(resume);
    options.onStatus(next, { resumed, resumable: willResume });
  };
}

export function openCableConnection(options: CableConnectionOptions): CableConnection {
  const timers = options.timers ?? defaultTimers;

  let socket: SocketLike | null = null;
  let failedAttempts = 0;
  let everSubscribed = false;
  let closed = false;
  let paused = false;
  let reconnectTimer: unknown = null;
  const resume: StreamResume = { extended: false, position: null, lastPingAt: null, awaitingHistory: false };
  const watchdog = createSilenceWatchdog(timers, options, (current) => current === socket, dropSocket);

  const setStatus = statusReporter(options, resume);

  /** Forgets a dead socket and schedules the next attempt, or gives up after the last one. */
  function dropSocket(current: SocketLike) {
    retire(current);
    if (current !== socket) return;
    socket = null;
    watchdog.clear();
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

  /** The server refused this user (the organization is not theirs, or the token): stop for good. */
  function refuse(current: SocketLike) {
    closed = true;
    detach(current);
    current.close();
    socket = null;
    watchdog.clear();
    setStatus('unauthorized');
  }

  const stream: Omit<FrameContext, 'send' | 'drop' | 'refuse'> = {
    identifier: eventsChannelIdentifier(options.organizationId),
    organizationId: options.organizationId,
    resume,
    everSubscribed: () => everSubscribed,
    becomeLive(resumed) {
      const isResubscription = everSubscribed;
      failedAttempts = 0;
      everSubscribed = true;
      setStatus('live', resumed);
      if (isResubscription) options.onResubscribed?.(resumed);
    },
    onMessage: (message) => options.onMessage(message),
  };

  function connect() {
    if (closed) return;
    const current = openSocket(options);
    socket = current ?? deadSocket();
    // A malformed URL or token threw at once: the attempt fails like any other.
    if (current === null) return dropSocket(socket);
    const frames: FrameContext = {
      ...stream,
      send: (data) => current.send(data),
      drop: () => dropSocket(current),
      refuse: () => refuse(current),
    };
    listen(current, {
      opened: () => watchdog.arm(current),
      text(data) {
        watchdog.noteFrame();
        handleFrame(frames, decodeCableFrame(data));
      },
      ended: () => dropSocket(current),
    });
  }

  setStatus('connecting');
  connect();

  /** Cancels any scheduled attempt and closes the socket, if one is open, without scheduling another. */
  function shutDown(reason: string) {
    if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
    reconnectTimer = null;
    watchdog.clear();
    resume.awaitingHistory = false;
    const current = socket;
    socket = null;
    if (current) retire(current, { code: 1000, reason });
  }

  return {
    close() {
      closed = true;
      shutDown('dashboard closed');
    },
    pause() {
      // A server without history could not give back what the pause misses: the stream keeps flowing there.
      if (closed || paused || !resume.extended) return;
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
