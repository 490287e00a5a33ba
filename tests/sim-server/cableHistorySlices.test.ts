// The cable endpoint's history read in slices (extended protocol), with a real websocket client on a real port.
import { afterEach, describe, expect, it } from 'vitest';
import { OWN_ORG, TOKEN, TestClient, identifierOf, startCable, stopCables } from './support/cableEndpoint.ts';

afterEach(stopCables);

describe('history read in slices (extended protocol)', () => {
  it('sends a long history slice by slice; what commits meanwhile comes once, in order, then live', async () => {
    const { app, url } = await startCable();
    const stream: { offset: number; id: string }[] = [];
    const publish = (id: string) => {
      const offset = stream.length + 1;
      stream.push({ offset, id });
      app.broadcaster.broadcast(OWN_ORG, 'location', { id }, offset);
    };
    for (let index = 0; index < 5; index += 1) publish(`before-${index}`);
    let slices = 0;
    app.broadcaster.useHistory({
      epoch: () => 'e1',
      read: () => null,
      open: (_organizationId, start) => {
        if (!('afterOffset' in start)) return null;
        let cursor = start.afterOffset;
        return {
          next: (maxPositions) => {
            slices += 1;
            // Something commits (and is broadcast live) between two slices, as the log grows during a long read.
            if (slices === 2 || slices === 3) publish(`during-${slices}`);
            const slice = stream.filter((entry) => entry.offset > cursor).slice(0, Math.min(maxPositions, 2));
            cursor = slice.at(-1)?.offset ?? cursor;
            const done = cursor >= stream.length;
            return {
              offsets: slice.map((entry) => entry.offset),
              messages: slice.map((entry) => JSON.stringify({ type: 'location', data: { id: entry.id } })),
              lastOffset: cursor,
              done,
            };
          },
        };
      },
    });
    const client = await TestClient.open(url, ['actioncable-v1-ext-json', TOKEN]);
    expect(await client.next()).toMatchObject({ type: 'welcome', sid: expect.any(String) });
    client.send(
      JSON.stringify({
        command: 'subscribe',
        identifier: identifierOf(OWN_ORG),
        history: { streams: { [`events:${OWN_ORG}`]: { epoch: 'e1', offset: 1 } } },
      }),
    );
    expect(await client.next()).toMatchObject({ type: 'confirm_subscription' });
    const heard: unknown[] = [];
    for (;;) {
      const frame = await client.next();
      if (frame.type === 'confirm_history') break;
      heard.push((frame.message as { data: { id: string } }).data.id);
    }
    publish('after');
    const live = await client.next();
    expect(heard).toEqual(['before-1', 'before-2', 'before-3', 'before-4', 'during-2', 'during-3']);
    expect(live).toMatchObject({ message: { data: { id: 'after' } }, offset: 8, epoch: 'e1' });
    expect(slices).toBeGreaterThanOrEqual(3);
  });
});
