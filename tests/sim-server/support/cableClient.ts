// A real websocket client speaking the dashboard's side of the cable protocol, for tests that follow a change
// from a REST call or the replay to a subscriber.
import WebSocket from 'ws';

export type CableFrame = {
  type?: string;
  identifier?: string;
  message?: { type: string; data: Record<string, unknown> };
};

export type CableClient = {
  /** Resolves with the first frame (already received or still to come) that matches. */
  next(matches: (frame: CableFrame) => boolean): Promise<CableFrame>;
  subscribe(organizationId: string): Promise<void>;
  close(): void;
};

export async function connectCable(baseUrl: string, token: string): Promise<CableClient> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/cable`, ['datapumper', token]);
  const frames: CableFrame[] = [];
  const waiters: { matches: (frame: CableFrame) => boolean; resolve: (frame: CableFrame) => void }[] = [];
  socket.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString('utf8')) as CableFrame;
    const waiter = waiters.find((candidate) => candidate.matches(frame));
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    } else frames.push(frame);
  });
  const next = (matches: (frame: CableFrame) => boolean) =>
    new Promise<CableFrame>((resolve) => {
      const index = frames.findIndex(matches);
      if (index >= 0) resolve(frames.splice(index, 1)[0] as CableFrame);
      else waiters.push({ matches, resolve });
    });
  await next((frame) => frame.type === 'welcome');
  return {
    next,
    async subscribe(organizationId) {
      const identifier = JSON.stringify({ channel: 'EventsChannel', organization_id: organizationId });
      socket.send(JSON.stringify({ command: 'subscribe', identifier }));
      await next((frame) => frame.identifier === identifier && frame.type === 'confirm_subscription');
    },
    close: () => socket.close(),
  };
}
