// What each cable frame does to the stream (client/live/cableStream.ts), without a socket: the subscription asks for
// the history from the last position (or ping) only on a resubscription to a server that speaks the extended
// protocol, waits for the history's answer before going live, forgets a rejected position, and stops for good on a
// refusal. The connection around it is tested with real sockets (cableReconnect, cableResume, cablePause).
import { describe, expect, it } from 'vitest';
import { eventsChannelIdentifier } from '#domain/cable/cableProtocol';
import { handleFrame, resumable, type FrameContext, type StreamResume } from '#client/live/cableStream.ts';

const ORGANIZATION = 'org-1';
const IDENTIFIER = eventsChannelIdentifier(ORGANIZATION);

function stream(everSubscribed: boolean) {
  const said: string[] = [];
  const resume: StreamResume = { extended: false, position: null, lastPingAt: null, awaitingHistory: false };
  const context: FrameContext = {
    identifier: IDENTIFIER,
    organizationId: ORGANIZATION,
    resume,
    everSubscribed: () => everSubscribed,
    send: (data) => said.push(`send ${data}`),
    becomeLive: (resumed) => said.push(`live resumed=${resumed}`),
    drop: () => said.push('drop'),
    refuse: () => said.push('refuse'),
    onMessage: (message) => said.push(`message ${message.type}`),
  };
  return { said, resume, context };
}

const subscribe = (history?: unknown) =>
  `send ${JSON.stringify({ command: 'subscribe', identifier: IDENTIFIER, ...(history ? { history } : {}) })}`;

describe('the cable stream', () => {
  it('subscribes without history the first time, then goes live on the confirmation', () => {
    const { said, context, resume } = stream(false);
    handleFrame(context, { kind: 'welcome', sid: 'sid-1' });
    handleFrame(context, { kind: 'confirmed', identifier: IDENTIFIER });
    expect(said).toEqual([subscribe(), 'live resumed=false']);
    expect(resume.extended).toBe(true);
  });

  it('keeps the last position and asks for the history from it when it subscribes again', () => {
    const { said, context, resume } = stream(true);
    resume.extended = true;
    handleFrame(context, {
      kind: 'message',
      identifier: IDENTIFIER,
      message: { type: 'thing', data: {} },
      position: { epoch: 'e1', offset: 41 },
    });
    handleFrame(context, {
      kind: 'message',
      identifier: 'another',
      message: { type: 'thing', data: {} },
      position: null,
    });
    expect(resumable(resume)).toBe(true);
    handleFrame(context, { kind: 'welcome', sid: 'sid-2' });
    // A plain confirmation is not enough while the history is awaited.
    handleFrame(context, { kind: 'confirmed', identifier: IDENTIFIER });
    handleFrame(context, { kind: 'historyConfirmed', identifier: IDENTIFIER });
    expect(said).toEqual([
      'message thing',
      subscribe({ streams: { [`events:${ORGANIZATION}`]: { epoch: 'e1', offset: 41 } } }),
      'live resumed=true',
    ]);
  });

  it('resumes from the last ping when no broadcast came, and forgets the position the server rejects', () => {
    const { said, context, resume } = stream(true);
    resume.extended = true;
    handleFrame(context, { kind: 'ping', at: 1_700_000_000 });
    handleFrame(context, { kind: 'welcome', sid: 'sid-2' });
    resume.position = { epoch: 'e1', offset: 3 };
    handleFrame(context, { kind: 'historyRejected', identifier: IDENTIFIER });
    expect(said).toEqual([subscribe({ since: 1_700_000_000 }), 'live resumed=false']);
    expect(resume.position).toBeNull();
  });

  it('asks for no history from a server that speaks only the plain protocol', () => {
    const { said, context, resume } = stream(true);
    resume.position = { epoch: 'e1', offset: 3 };
    handleFrame(context, { kind: 'welcome', sid: null });
    expect(said).toEqual([subscribe()]);
    expect(resume.awaitingHistory).toBe(false);
  });

  it('stops for good on a refusal, reconnects on a disconnect that allows it, ignores other channels', () => {
    const { said, context } = stream(true);
    handleFrame(context, { kind: 'rejected', identifier: 'another' });
    handleFrame(context, { kind: 'disconnect', reason: 'server_restart', reconnect: true });
    handleFrame(context, { kind: 'disconnect', reason: 'unauthorized', reconnect: true });
    handleFrame(context, { kind: 'disconnect', reason: 'remote', reconnect: false });
    handleFrame(context, { kind: 'rejected', identifier: IDENTIFIER });
    expect(said).toEqual(['drop', 'refuse', 'refuse', 'refuse']);
  });
});
