// A raw websocket client of the extended ActionCable protocol (actioncable-v1-ext-json), for server tests that
// read every frame: the session id, stream positions, history replies.
import WebSocket from 'ws';

export type ExtFrame = {
  type?: string;
  identifier?: string;
  sid?: string;
  restored?: boolean;
  restored_ids?: string[];
  message?: { type: string; data: Record<string, unknown> };
  stream_id?: string;
  epoch?: string;
  offset?: number;
};

export type ExtClient = {
  socket: WebSocket;
  /** Every frame but pings, in order. */
  frames: ExtFrame[];
  /** Raw text of every broadcast frame, in order. */
  raw: string[];
  welcome: ExtFrame;
  next(matches: (frame: ExtFrame) => boolean): Promise<ExtFrame>;
  send(command: Record<string, unknown>): void;
  close(): Promise<void>;
};

export const eventsIdentifier = (organizationId: string): string =>
  JSON.stringify({ channel: 'EventsChannel', organization_id: organizationId });

export async function connectExtended(
  cableUrl: string,
  token: string,
  options: { protocol?: string; restoreSid?: string; headers?: Record<string, string> } = {},
): Promise<ExtClient> {
  const url = options.restoreSid ? `${cableUrl}?sid=${options.restoreSid}` : cableUrl;
  const socket = new WebSocket(url, [options.protocol ?? 'actioncable-v1-ext-json', token], {
    headers: options.headers,
  });
  const frames: ExtFrame[] = [];
  const raw: string[] = [];
  const waiters: { matches: (frame: ExtFrame) => boolean; resolve: (frame: ExtFrame) => void }[] = [];
  let seen = 0;
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    const frame = JSON.parse(text) as ExtFrame;
    if (frame.type === 'ping') return;
    frames.push(frame);
    if (frame.message) raw.push(text);
    const waiter = waiters.find((candidate) => candidate.matches(frame));
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    }
  });
  const next = (matches: (frame: ExtFrame) => boolean) =>
    new Promise<ExtFrame>((resolve) => {
      const found = frames.slice(seen).find(matches);
      if (found) resolve(found);
      else waiters.push({ matches, resolve });
    });
  const welcome = await next((frame) => frame.type === 'welcome' || frame.type === 'disconnect');
  seen = 0;
  return {
    socket,
    frames,
    raw,
    welcome,
    next,
    send: (command) => socket.send(JSON.stringify(command)),
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) resolve();
        else {
          socket.once('close', () => resolve());
          socket.terminate();
        }
      }),
  };
}
