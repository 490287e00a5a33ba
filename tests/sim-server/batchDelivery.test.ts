// On a cluster every node appends every batch it applied to the stream, and a replica's batches are its catch-up
// pages, so an entry can repeat the end of an earlier one. Given such entries, when they are delivered, then the
// broadcaster hears each log position once, in order.
import { describe, expect, it } from 'vitest';
import type { Broadcaster } from '#sim/cable/broadcaster';
import { createBatchDelivery, type ReceivedDelivery } from '#sim/cable/busDeliveries';

const ORGANIZATION = '00000000-0000-4000-8000-000000000001';
const messages = (from: number, to: number): ReceivedDelivery[] =>
  Array.from({ length: to - from + 1 }, (_, index) => ({
    offset: from + index,
    organizationIds: [ORGANIZATION],
    json: `{"type":"point","data":{"id":"${from + index}"}}`,
  }));

function heardOffsets(entries: { position: number; messages: ReceivedDelivery[] }[]): number[] {
  const heard: number[] = [];
  const broadcaster = {
    broadcastJsonToEach: (_ids: readonly string[], _json: string, offset?: number) =>
      heard.push(offset ?? -1),
    broadcastToEach: (_ids: readonly string[], _type: string, _data: unknown, offset?: number) =>
      heard.push(offset ?? -1),
  } as unknown as Broadcaster;
  const deliver = createBatchDelivery(broadcaster);
  for (const entry of entries) deliver(entry);
  return heard;
}

describe('delivering the stream of a cluster where every node relays', () => {
  it('hears the repeated start of a wider page once', () => {
    const heard = heardOffsets([
      { position: 105, messages: messages(101, 105) },
      { position: 110, messages: messages(101, 110) },
      { position: 112, messages: messages(111, 112) },
    ]);
    expect(heard).toEqual(Array.from({ length: 12 }, (_, index) => 101 + index));
  });

  it('hears a writer turn that came after the pages that split it only for what they lacked', () => {
    const heard = heardOffsets([
      { position: 103, messages: messages(101, 103) },
      { position: 106, messages: messages(104, 106) },
      { position: 109, messages: messages(101, 109) },
    ]);
    expect(heard).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109]);
  });

  it('keeps several messages of one event, which share its position', () => {
    const both: ReceivedDelivery[] = [
      { offset: 7, organizationIds: [ORGANIZATION], json: '{"type":"point","data":{}}' },
      { offset: 7, organizationIds: [ORGANIZATION], json: '{"type":"alarm","data":{}}' },
    ];
    expect(heardOffsets([{ position: 7, messages: both }])).toEqual([7, 7]);
  });
});
