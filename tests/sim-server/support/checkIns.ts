// A device's check-in written straight into the log, as the offline watch's tests need it: a heartbeat standing
// still at a fixed place, at a chosen time (the offline window is counted from it).
import type { EventLog } from '#sim/store/eventLog';

export async function recordCheckIn(
  log: EventLog,
  thingId: string,
  organizationId: string,
  at: number,
): Promise<void> {
  await log.write(() =>
    log.record(
      {
        type: 'HeartbeatRecorded',
        data: {
          time: new Date(at).toISOString(),
          lat: 41.9,
          lng: -87.7,
          speed: 0,
          course: 0,
          accuracy: 5,
          enroute: false,
          street: null,
        },
      },
      { streamId: thingId, organizationId, recordedAt: at },
    ),
  );
}
