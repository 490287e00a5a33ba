// The browser benchmark's simulator, in its own process so it can be pinned to a core away from the browser (like
// the load test's server): a seeded world served with the built dashboard, and the device feed — every asset the
// demo user's organization sees reporting a new position once a second through the ingestion path, the sample's
// send time carried in its street name so the page can tell how long it took to reach the screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '#sim/app';
import { listThings, ownOrganizationId, signInForToken, type ListedThing } from '#tests/e2e/simulatorApi';
import { FLOOR_PATH, FLOOR_SCRIPT_PATH, floorPageHtml, floorPageScript } from './floorPage.ts';
import type { BenchServerMessage, BenchServerCommand } from './messages.ts';

export const STREET_PREFIX = 'Bench St t=';

const { values } = parseArgs({
  options: { things: { type: 'string' }, client: { type: 'string' } },
});

function send(message: BenchServerMessage): void {
  process.send?.(message);
}

type Sample = Record<string, unknown>;

/** A second's telemetry for `things`: each a few metres further round its own small circle, stamped with `now`. */
function samplesAt(things: readonly ListedThing[], tick: number, now: number): Sample[] {
  const time = new Date(now).toISOString();
  return things.map((thing, index) => {
    const angle = (tick + index) / 10;
    return {
      device_id: thing.system_identifier,
      device_type: thing.device_type,
      kind: 'point',
      time,
      lat: Number((thing.lat + 0.0005 * Math.sin(angle)).toFixed(6)),
      lng: Number((thing.lng + 0.0005 * Math.cos(angle)).toFixed(6)),
      speed: 10,
      course: 90,
      accuracy: 4,
      enroute: true,
      street: `${STREET_PREFIX}${now}`,
    };
  });
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-browser-server-'));
  const app = await buildApp({
    databasePath: path.join(dir, 'simulator.sqlite'),
    fresh: true,
    replay: false,
    clientDir: values.client ?? null,
    thingCount: Number(values.things),
    logger: false,
  });
  // The floor page is served from the same origin as the cable, as the dashboard is (Chromium refuses a page it
  // cannot place on the local network a socket to 127.0.0.1).
  const floorHtml = floorPageHtml();
  const floorScript = floorPageScript();
  app.get(FLOOR_PATH, async (_request, reply) => reply.type('text/html').send(floorHtml));
  app.get(FLOOR_SCRIPT_PATH, async (_request, reply) => reply.type('text/javascript').send(floorScript));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const userToken = await signInForToken(url, 'user@demo.test');
  const organizationId = await ownOrganizationId(url, userToken);
  const things = (await listThings(url, userToken, organizationId)).filter(
    (thing) => thing.lat !== null && thing.lng !== null,
  );
  const staffToken = await signInForToken(url, 'staff@demo.test');
  let driving: NodeJS.Timeout | null = null;

  process.on('message', (command: BenchServerCommand) => {
    switch (command.type) {
      case 'drive': {
        // Each slice is its own request at its own moment, so a sample's send time is its own.
        const slices = Array.from({ length: command.slices }, (_, slice) =>
          things.filter((_, index) => index % command.slices === slice),
        );
        const stepMs = 1000 / command.slices;
        let step = 0;
        const start = Date.now();
        const sendSlice = () => {
          const now = Date.now();
          const slice = step % command.slices;
          const samples = samplesAt(slices[slice] ?? [], Math.floor(step / command.slices), now);
          const first = samples[0];
          if (slice === 0) {
            send({
              type: 'sent',
              at: now,
              firstPosition: first ? `${String(first.lat)},${String(first.lng)}` : '',
            });
          }
          const ingested = (ms: number, ok: boolean) => {
            const stats = app.broadcaster.stats();
            const cpu = process.cpuUsage();
            let cableBufferedBytes = 0;
            for (const socket of app.websocketServer.clients) cableBufferedBytes += socket.bufferedAmount;
            send({
              type: 'ingested',
              sentAt: now,
              ms,
              ok,
              counters: {
                droppedFrames: stats.droppedFrames,
                slowConsumerDisconnects: stats.disconnects.slowConsumer,
                serverCpuMs: (cpu.user + cpu.system) / 1000,
                readAt: Date.now(),
                cableBufferedBytes,
                historyFrames: stats.history.frames,
                historyRejected: stats.history.rejected,
              },
            });
          };
          void fetch(`${url}/api/sim/telemetry`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staffToken}` },
            body: JSON.stringify({ samples }),
          }).then(
            (response) => ingested(Date.now() - now, response.ok),
            () => ingested(Date.now() - now, false),
          );
          step += 1;
          driving = setTimeout(sendSlice, Math.max(0, start + step * stepMs - Date.now()));
        };
        sendSlice();
        return;
      }
      case 'pause':
        if (driving) clearTimeout(driving);
        driving = null;
        return;
      case 'stop':
        if (driving) clearTimeout(driving);
        void app.close().then(() => {
          fs.rmSync(dir, { recursive: true, force: true });
          process.exit(0);
        });
        return;
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  });
  send({ type: 'ready', url, organizationId, things, userToken });
}

await main();
