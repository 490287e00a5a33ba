// Runs log retention (store/logRetention.ts) once the app is ready and then every interval, with the app's clock.
// One run at a time; between its transactions it yields to the event loop so the replay and the routes go on.
// `app.logRetention` runs it on demand and tells when it is idle and what the last run did (tests, logs).
import { sharedPlugin } from './sharedPlugin.ts';
import type { Scheduler } from '../kernel/clock.ts';
import { runLogRetention, type LogRetentionReport } from '../store/logRetention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    logRetention: {
      /** Runs retention after any run under way and returns its report. */
      runNow(): Promise<LogRetentionReport>;
      /** Resolves when no run is under way (a scheduled one included). */
      idle(): Promise<void>;
      lastReport(): LogRetentionReport | null;
    };
  }
}

export type RetentionPluginOptions = {
  /** Telemetry older than this leaves the log. */
  maxAgeMs: number;
  /** How often retention runs. */
  intervalMs: number;
  scheduler: Scheduler;
};

export const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_RETENTION_DAYS = 30;
export const DEFAULT_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export const retentionPlugin = sharedPlugin<RetentionPluginOptions>('retention', async (app, options) => {
  if (!(options.maxAgeMs > 0)) throw new Error('retention: the maximum age must be positive');
  if (!(options.intervalMs > 0)) throw new Error('retention: the interval must be positive');
  // Runs one after another; `pending` counts the ones queued or under way.
  let chain: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let lastReport: LogRetentionReport | null = null;
  let closing = false;
  let stop: (() => void) | null = null;

  const runOnce = async (): Promise<LogRetentionReport> => {
    const report = await runLogRetention(app.eventLog, {
      now: app.clock.now(),
      maxAgeMs: options.maxAgeMs,
      pause: yieldToEventLoop,
      stopped: () => closing,
    });
    lastReport = report;
    if (report.removedEvents > 0) app.log.info({ retention: report }, 'retention: old telemetry removed');
    return report;
  };
  const runNow = (): Promise<LogRetentionReport> => {
    pending += 1;
    const run = chain.then(runOnce).finally(() => {
      pending -= 1;
    });
    chain = run.catch(() => undefined);
    return run;
  };
  // A tick while a run is still going adds nothing: that run covers it.
  const runInBackground = () => {
    if (pending > 0 || closing) return;
    runNow().catch((error: unknown) => app.log.error({ err: error }, 'retention: run failed'));
  };

  app.decorate('logRetention', {
    runNow,
    idle: () => chain.then(() => undefined),
    lastReport: () => lastReport,
  });
  app.addHook('onReady', async () => {
    stop = options.scheduler.every(options.intervalMs, runInBackground);
    // A simulator that is restarted more often than the interval still keeps its log in bounds.
    runInBackground();
  });
  // Before the database closes: a run under way stops after its current transaction.
  app.addHook('preClose', async () => {
    closing = true;
    stop?.();
    stop = null;
    await chain;
  });
});
