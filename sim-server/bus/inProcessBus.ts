// The in-process bus: a committed batch goes straight to this process's listeners, synchronously and as the same
// objects (the cable hub serialises a message only when someone listens). Today's path, and the default.
import type { BatchListener, BroadcastBus, BusStats } from './broadcastBus.ts';

export function createInProcessBus<Message>(): BroadcastBus<Message> {
  const listeners = new Set<BatchListener<Message>>();
  let delivered = 0;
  return {
    kind: 'in-process',
    start: async () => undefined,
    publish(batch) {
      delivered += 1;
      for (const listener of listeners) listener(batch);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Nothing is between the publisher and its listeners to lose an entry.
    onMissed: () => () => undefined,
    refusal: () => null,
    stats(): BusStats {
      return {
        kind: 'in-process',
        connected: true,
        heldBatches: 0,
        heldMessages: 0,
        appendedBatches: delivered,
        deliveredBatches: delivered,
        reconnects: 0,
        missedGaps: 0,
      };
    },
    close: async () => {
      listeners.clear();
    },
  };
}
