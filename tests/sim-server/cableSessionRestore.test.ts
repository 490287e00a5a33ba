// Session restore (extended protocol) when someone else presents the sid (issue 34, finding 9): another user who
// sends a dropped session's sid, by `?sid=` or by `X-AnyCable-Restore-Sid`, gets a plain welcome, and the owner's
// own restore afterwards still works. Driven with the official `@anycable/core` client as the owner, against the
// simulator with its real users.
import path from 'node:path';
import { createCable, type Cable } from '@anycable/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { connectExtended, type ExtClient } from './support/extendedCableClient.ts';
import {
  reportStep,
  startListeningSimulator,
  type ListeningSimulator,
} from './support/listeningSimulator.ts';
import { manualClock, organizationIds, temporaryDirectory } from './support/simulatorHarness.ts';
import { firstDevicesOf, type OrganizationDevice } from './support/telemetrySamples.ts';

const temporary = temporaryDirectory();
const clock = manualClock();
let simulator: ListeningSimulator;
let cableUrl: string;
let userToken: string;
let organizationId: string;
let devices: OrganizationDevice[];
const cables: Cable[] = [];
const others: ExtClient[] = [];

beforeAll(async () => {
  simulator = await startListeningSimulator({ databasePath: path.join(temporary.dir, 'sim.sqlite'), clock });
  ({ cableUrl, userToken } = simulator);
  organizationId = organizationIds(simulator.harness.app).responders;
  devices = firstDevicesOf(simulator.harness.app, organizationId, 2);
});

afterAll(async () => {
  for (const cable of cables) cable.disconnect();
  await Promise.all(others.map((other) => other.close()));
  await simulator.harness.app.close();
  temporary.remove();
});

const report = (step: number): Promise<number> => reportStep(simulator, clock, devices, step);

function ownersCable(): Cable {
  const cable = createCable(cableUrl, {
    protocol: 'actioncable-v1-ext-json',
    websocketImplementation: WebSocket,
    websocketAuthStrategy: 'sub-protocol',
    auth: { token: userToken },
    logLevel: 'error',
    monitor: false,
  });
  cables.push(cable);
  return cable;
}

describe('a sid presented by another user', () => {
  it.each([
    ['the ?sid= parameter', (sid: string) => ({ restoreSid: sid })],
    ['the X-AnyCable-Restore-Sid header', (sid: string) => ({ headers: { 'X-AnyCable-Restore-Sid': sid } })],
  ])('by %s gets a plain welcome and leaves the session for its owner', async (_how, presenting) => {
    const cable = ownersCable();
    const channel = cable.subscribeTo('EventsChannel', { organization_id: organizationId });
    const offsets: number[] = [];
    const heard = new Set<() => void>();
    channel.on('message', (_message, meta) => {
      offsets.push((meta as { offset?: number } | undefined)?.offset ?? -1);
      for (const wake of heard) wake();
    });
    const until = async (offset: number) => {
      while (!offsets.some((seen) => seen >= offset))
        await new Promise<void>((resolve) => heard.add(resolve));
    };
    await channel.ensureSubscribed();
    const first = await report(1);
    await until(first);
    const sid = cable.sessionId ?? '';
    expect(sid).not.toBe('');

    // The owner's network drops; once the server has seen it go, someone else presents its sid.
    const connections = simulator.harness.app.broadcaster.stats().connections;
    (cable.transport as unknown as { ws: WebSocket }).ws.terminate();
    await vi.waitFor(() =>
      expect(simulator.harness.app.broadcaster.stats().connections).toBe(connections - 1),
    );
    const other = await connectExtended(cableUrl, simulator.staffToken, presenting(sid));
    others.push(other);
    expect(other.welcome).toEqual({ type: 'welcome', sid: expect.any(String) });

    // The owner comes back with its sid: restored, and what it missed arrives from the history, once, in order.
    const last = await report(2);
    const reconnected = new Promise<{ restored?: boolean }>((resolve) => cable.once('connect', resolve));
    await cable.connect();
    expect(await reconnected).toMatchObject({ restored: true });
    await until(last);
    const missed = simulator.harness.app.eventLog.db
      .prepare<[number, number], { seq: number }>(
        "SELECT seq FROM events WHERE seq > ? AND seq <= ? AND type = 'PointRecorded' ORDER BY seq",
      )
      .all(first, last)
      .map((row) => row.seq);
    expect(offsets.filter((offset) => offset > first)).toEqual(missed);
    cable.disconnect();
  });
});
