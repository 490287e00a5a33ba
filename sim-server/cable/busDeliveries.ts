// The cable's messages on the bus (sim-server/bus/): what the committed-events subscriber publishes (a message with
// its log position and the organizations that hear it), the one-line text a message is on a wire, and how a batch
// the bus delivers reaches the broadcaster. The in-process bus hands over the objects themselves, so the hub
// serialises a message only when someone listens, as before the bus; a message that crossed a wire arrives as its
// JSON and goes out as it is.
import type { BusCodec, CommittedBatch } from '../bus/broadcastBus.ts';
import type { Broadcaster, CableMessageType } from './broadcaster.ts';
import { broadcastMessageJson } from './protocol.ts';

type Addressed = { organizationIds: readonly string[]; offset: number };

/** A message as the node that committed it publishes it. */
export type PublishedDelivery = Addressed & { type: CableMessageType; data: unknown };

/** A message as a bus delivers it: the same object in process, its JSON after a wire. */
export type ReceivedDelivery = PublishedDelivery | (Addressed & { json: string });

/**
 * `<offset>\t<{"type":…,"data":…}>\t<organization id>\t…`: JSON.stringify escapes every tab and newline inside
 * strings and adds none outside them, and organization ids are UUIDs, so a tab splits the fields and a newline
 * the messages of a batch (bus/streamEntries.ts).
 */
export const busDeliveryCodec: BusCodec<PublishedDelivery, ReceivedDelivery> = {
  encode(delivery) {
    return `${delivery.offset}\t${broadcastMessageJson(delivery.type, delivery.data)}\t${delivery.organizationIds.join('\t')}`;
  },
  decode(line) {
    const fields = line.split('\t');
    return { offset: Number(fields[0]), json: fields[1] ?? 'null', organizationIds: fields.slice(2) };
  },
};

/**
 * Hands delivered batches' messages to the broadcaster, in order, each log position once. On a cluster every node
 * appends every batch it applied (cable/broadcastPlugin.ts), and a replica's batches are its catch-up pages, whose
 * bounds need not be the writer's: the stream can then hold an entry that repeats the end of an earlier one (A's
 * turn as 101–105, then B's page as 101–1100). A message at or below the last position delivered was delivered.
 */
export function createBatchDelivery(
  broadcaster: Broadcaster,
): (batch: CommittedBatch<ReceivedDelivery>) => void {
  let deliveredThrough = 0;
  return (batch) => {
    const before = deliveredThrough;
    deliveredThrough = Math.max(deliveredThrough, batch.position);
    if (batch.position <= before) return;
    broadcastBatch(
      broadcaster,
      batch.messages[0] !== undefined && batch.messages[0].offset <= before
        ? { position: batch.position, messages: batch.messages.filter((message) => message.offset > before) }
        : batch,
    );
  };
}

/** Hands a delivered batch's messages to the broadcaster, in order. */
export function broadcastBatch(broadcaster: Broadcaster, batch: CommittedBatch<ReceivedDelivery>): void {
  for (const delivery of batch.messages) {
    if ('json' in delivery)
      broadcaster.broadcastJsonToEach(delivery.organizationIds, delivery.json, delivery.offset);
    else broadcaster.broadcastToEach(delivery.organizationIds, delivery.type, delivery.data, delivery.offset);
  }
}
