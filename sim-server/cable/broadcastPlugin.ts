// Wires the cable to the event log: committed events become broadcasts (committedBroadcasts.ts), and the log is the
// history extended-protocol clients resume from (cableHistory.ts). Registered after the database and the cable,
// before anything that writes.
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { createThingAudienceReader } from '../things/thingAudience.ts';
import { createAlarmRaisedReader } from '../alarms/alarmRepository.ts';
import { createCableHistory } from './cableHistory.ts';
import { broadcastCommittedEvents } from './committedBroadcasts.ts';

export const broadcastPlugin = sharedPlugin('broadcasts', async (app) => {
  const things = createThingAudienceReader(app.eventLog);
  const alarms = createAlarmRaisedReader(app.eventLog.db);
  const unsubscribe = broadcastCommittedEvents(app.eventLog, () => app.broadcaster, things, alarms);
  app.broadcaster.useHistory(createCableHistory(app.eventLog, things, undefined, alarms));
  app.addHook('onClose', async () => {
    unsubscribe();
  });
});
