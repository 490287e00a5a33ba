// Wires the cable to the event log: committed events become broadcasts (committedBroadcasts.ts). Registered after
// the database and the cable, before anything that writes.
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { createThingAudienceReader } from '../things/thingAudience.ts';
import { broadcastCommittedEvents } from './committedBroadcasts.ts';

export const broadcastPlugin = sharedPlugin('broadcasts', async (app) => {
  const unsubscribe = broadcastCommittedEvents(
    app.eventLog,
    () => app.broadcaster,
    createThingAudienceReader(app.eventLog),
  );
  app.addHook('onClose', async () => {
    unsubscribe();
  });
});
