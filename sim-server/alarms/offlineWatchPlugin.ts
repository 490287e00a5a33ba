// Asset offline has no event of its own: a device that stops reporting sends nothing. The live picture derives
// offline from the time since the last check-in (live §4: older than the pending window). This watch applies the
// same rule on the simulator's clock every interval and appends `AssetWentOffline` for each asset that crossed it
// (domain/alarms/alarmRules.ts `hasGoneOffline`), so the alarm is raised from the log like every other one and a
// rebuild gives it back. Crossings older than the look-back (a long-dead seeded device) raise nothing.
// The same look appends `AssetCameBackOnline` for each asset whose offline alarm still stands and that has
// checked in since (`hasComeBackOnline`): its condition ended, so the alarm clears (issue 37 item 4).
// A look awaits its write; an interval that comes while a look is still writing is skipped (the next look finds
// whatever it would have), and a closing app waits for the running look.
import { hasComeBackOnline, hasGoneOffline } from '#domain/alarms/alarmRules';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import type { Scheduler } from '../kernel/clock.ts';
import { createOfflineCandidates, createReturnedCandidates } from './alarmRepository.ts';

export type OfflineWatchOptions = { intervalMs: number; lookBackMs: number; scheduler: Scheduler };

export const OFFLINE_WATCH_INTERVAL_MS = 30_000;
/** An hour: a simulator stopped for less than that still raises what went offline meanwhile. */
export const OFFLINE_LOOK_BACK_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    offlineWatch: {
      /** Looks once, now; resolves to how many assets were recorded as gone offline (those back online are
       * recorded too, not counted). */
      runNow(): Promise<number>;
    };
  }
}

export const offlineWatchPlugin = sharedPlugin<OfflineWatchOptions>('offlineWatch', async (app, options) => {
  const candidates = createOfflineCandidates(app.eventLog.db);
  const returnedCandidates = createReturnedCandidates(app.eventLog.db);
  let stop: (() => void) | null = null;

  /** What the replica says now: who went offline, whose offline alarm's condition ended. */
  function look(now: number) {
    const gone = candidates(now, options.lookBackMs).filter((candidate) =>
      hasGoneOffline(candidate.lastCheckInAt, candidate.lastOfflineAlarmAt, now, options.lookBackMs),
    );
    const back = returnedCandidates().filter((candidate) =>
      hasComeBackOnline(candidate.checkedInAt, candidate.alarmRaisedAt),
    );
    return { gone, back };
  }

  async function runNow(): Promise<number> {
    const now = app.clock.now();
    // A first look outside any write, so a quiet minute takes no turn to write; then decided again inside the
    // write, on the replica as the cluster's turn left it: every node runs a watch, and another node's look may
    // have recorded the same crossing meanwhile (docs/scale-out.md). Embedded, both looks see the same file.
    const first = look(now);
    if (first.gone.length === 0 && first.back.length === 0) return 0;
    return app.eventLog.write(() => {
      const { gone, back } = look(now);
      for (const candidate of back)
        app.eventLog.record(
          {
            type: 'AssetCameBackOnline',
            data: {
              thing_id: candidate.thingId,
              checked_in_at: new Date(candidate.checkedInAt).toISOString(),
            },
          },
          { streamId: candidate.thingId, organizationId: candidate.organizationId, recordedAt: now },
        );
      for (const candidate of gone)
        app.eventLog.record(
          {
            type: 'AssetWentOffline',
            data: {
              thing_id: candidate.thingId,
              last_check_in_at: new Date(candidate.lastCheckInAt).toISOString(),
            },
          },
          { streamId: candidate.thingId, organizationId: candidate.organizationId, recordedAt: now },
        );
      return gone.length;
    });
  }

  app.decorate('offlineWatch', { runNow });
  let looking: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    // Returns the running look, this one or the one it skipped for.
    stop = options.scheduler.every(options.intervalMs, () => {
      looking ??= runNow()
        .then(() => undefined)
        .catch((error: unknown) => app.log.error({ err: error }, 'offline watch: run failed'))
        .finally(() => {
          looking = null;
        });
      return looking;
    });
  });
  app.addHook('preClose', async () => {
    stop?.();
    stop = null;
    await looking;
  });
});
