// A simulator on a real loopback port, for the tests that drive its cable with real websocket clients: its cable
// address, a staff token (the telemetry route is staff's) and a user's (the dashboard's), and a report step that
// moves the given devices north by one step and answers the log's last position. The bus tests give it a Redis bus.
import type { AppOptions } from '#sim/app';
import { signIn, startHarness, type Harness, type ManualClock } from './simulatorHarness.ts';
import { recordTelemetry, telemetrySample, type OrganizationDevice } from './telemetrySamples.ts';

export type ListeningSimulator = {
  harness: Harness;
  cableUrl: string;
  /** The port it listens on: a restart given it comes back where its clients look for it. */
  port: number;
  staffToken: string;
  userToken: string;
};

export async function startListeningSimulator(options: {
  databasePath: string;
  clock: ManualClock;
  port?: number;
  /** The broadcast bus (buildApp's `bus`); the in-process one when absent. */
  bus?: AppOptions['bus'];
}): Promise<ListeningSimulator> {
  const harness = await startHarness({
    databasePath: options.databasePath,
    clock: options.clock,
    ...(options.bus ? { bus: options.bus } : {}),
  });
  const address = await harness.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  return {
    harness,
    cableUrl: `${address.replace(/^http/, 'ws')}/cable`,
    port: Number(new URL(address).port),
    staffToken: (await signIn(harness.app, 'staff@demo.test')).access_token,
    userToken: (await signIn(harness.app, 'user@demo.test')).access_token,
  };
}

/** One second later, one point per device at `step` steps north; the log's last position after it. */
export async function reportStep(
  simulator: ListeningSimulator,
  clock: ManualClock,
  devices: readonly OrganizationDevice[],
  step: number,
): Promise<number> {
  clock.advance(1_000);
  await recordTelemetry(
    simulator.harness.app,
    simulator.staffToken,
    devices.map((device) => telemetrySample(device, clock.now(), { lat: 41.8781 + step * 0.0003 })),
  );
  return simulator.harness.app.eventLog.store.lastSeq();
}
