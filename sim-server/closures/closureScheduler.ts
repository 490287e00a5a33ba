// The closure scheduler (issue 37 item 1; docs/simulator.md "The closure scheduler"): while the simulator runs, it looks every
// interval on the app's clock and switches each scheduled manual closure on when its start has passed and off when
// its end has passed (the rule: domain/closures/closureSchedule.ts). Each switch is the list's quick update
// (`is_active` and the closure's own end time) decided by the same decider as `PUT /api/organization/closure`, so
// it is a `ClosureSaved` in the log like a user's: the cable carries it live and the Closures list shows it.
// `buildApp({ closureSchedule: false })` turns it off; tests pass their own scheduler and call `runNow()`.
// A look is one awaited write, deciding inside it; a tick that comes while one is still going is skipped (the next look finds
// what it would have), and a closing app waits for the running one.
import { randomUUID } from 'node:crypto';
import { scheduledSwitchOf } from '#domain/closures/closureSchedule';
import type { Scheduler } from '../kernel/clock.ts';
import { recordAccepted } from '../kernel/recordDecided.ts';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { decideClosure } from './closureDecider.ts';
import { createClosureRepository } from './closureRepository.ts';
import { createScheduledClosures } from './scheduledClosures.ts';

export type ClosureScheduleOptions = { intervalMs: number; scheduler: Scheduler };

/** Every 15 s: a closure starts or ends within that of its time on the list. */
export const CLOSURE_SCHEDULE_INTERVAL_MS = 15_000;

declare module 'fastify' {
  interface FastifyInstance {
    closureSchedule: {
      /** Looks once, now; resolves to how many closures it switched on or off. */
      runNow(): Promise<number>;
    };
  }
}

export const closureSchedulePlugin = sharedPlugin<ClosureScheduleOptions>(
  'closureSchedule',
  async (app, options) => {
    const closures = createClosureRepository(app.eventLog.db);
    const candidates = createScheduledClosures(app.eventLog.db);
    let stop: (() => void) | null = null;

    /** One look, inside one write: the candidates and their state are read after a cluster node's replica caught
     * up to the cluster's turn, so two nodes' schedulers cannot both switch one closure. */
    function switchDue(): number {
      const now = app.clock.now();
      let switched = 0;
      for (const closure of candidates()) {
        const change = scheduledSwitchOf(closure, now);
        if (!change) continue;
        const organizationId = closure.organization.id;
        // The scheduler acts for the closure's own organization, as its user's switch would.
        const reach = new Set([organizationId]);
        const decision = decideClosure(
          {
            type: 'UpdateClosure',
            caller: { reachable: reach, writable: reach },
            closureId: closure.id,
            save: { uuid: closure.id, is_active: change === 'activate', end_time: closure.end_time },
          },
          {
            closure,
            organization: closures.organization(organizationId),
            asset: null,
            externalIdHolder: null,
          },
          { now, newId: randomUUID },
        );
        if ('refused' in decision) {
          app.log.error(
            { refused: decision.refused, id: closure.id },
            'closure scheduler: a switch was refused',
          );
          continue;
        }
        recordAccepted(app.eventLog, decision.accepted, now);
        switched += 1;
      }
      return switched;
    }

    const runNow = (): Promise<number> => app.eventLog.write(switchDue);

    app.decorate('closureSchedule', { runNow });
    let looking: Promise<void> | null = null;
    /** Returns the running look, this one or the one it skipped for. */
    const look = (): Promise<void> => {
      looking ??= runNow()
        .then(() => undefined)
        .catch((error: unknown) => app.log.error({ err: error }, 'closure scheduler: run failed'))
        .finally(() => {
          looking = null;
        });
      return looking;
    };
    app.addHook('onReady', async () => {
      // At once on start: what started or ended while the simulator was stopped is switched now.
      await look();
      stop = options.scheduler.every(options.intervalMs, look);
    });
    app.addHook('preClose', async () => {
      stop?.();
      stop = null;
      await looking;
    });
  },
);
