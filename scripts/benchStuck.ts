// What stuck cable clients cost the simulator: subscribers that stop reading while points flow (issue 34).
//
//   npm run bench:stuck -- [--paused 10] [--rate 9550] [--protocol ext|plain] [--distinct] [--timeout 180]
//
// The real cable endpoint (cablePlugin, default flow control) on 127.0.0.1, one organization's point stream at
// `--rate` messages/s in ten turns a second (as the replay ticks), one subscriber that reads everything and
// `--paused` that stop reading right after their subscription is confirmed. The clients run in a child process, so
// the server's resident memory is its own. Prints RSS before the pause, its peak while the paused ones are held,
// and after they are shed; per paused connection, the most bytes it held: what ws and Node queue
// (`bufferedAmount`) plus what the kernel's send queue holds for it (tx_queue in /proc/net/tcp). `--distinct`: each
// paused subscriber spells its identifier differently (spaces in the JSON), so no two share a frame's Buffer: the
// worst case for memory, each stuck connection holding its own copies.

import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { WebSocket } from 'ws';
import { eventsChannelIdentifier } from '#domain/cable/cableProtocol';
import { cablePlugin } from '#sim/cable/cablePlugin';

const ORGANIZATION_ID = '5b0e3c1a-8d2f-4e6b-9a17-c4d3e2f1a0b9';
const TOKEN = 'bench-stuck-token';
const TURNS_PER_SECOND = 10;
const MIB = 1024 * 1024;

type ToParent = { kind: 'ready' } | { kind: 'received'; count: number };
type ToChild = { kind: 'pause' } | { kind: 'stop' };

const { values } = parseArgs({
  options: {
    paused: { type: 'string', default: '10' },
    rate: { type: 'string', default: '9550' },
    protocol: { type: 'string', default: 'ext' },
    timeout: { type: 'string', default: '180' },
    distinct: { type: 'boolean', default: false },
    'clients-of': { type: 'string' },
  },
});
const pausedCount = Number(values.paused);
const subprotocol = values.protocol === 'plain' ? 'actioncable-v1-json' : 'actioncable-v1-ext-json';

// ---------------------------------------------------------------------------------------------------------------
// Clients (child process): one reader, then the ones that will stop reading.

async function openSubscribed(url: string, spaces = 0): Promise<WebSocket> {
  const socket = new WebSocket(url, [subprotocol, TOKEN]);
  const identifier = eventsChannelIdentifier(ORGANIZATION_ID).replace(',', `,${' '.repeat(spaces)}`);
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as { type?: string };
      if (frame.type === 'welcome') socket.send(JSON.stringify({ command: 'subscribe', identifier }));
      if (frame.type === 'confirm_subscription') resolve();
    });
    socket.once('error', reject);
  });
  socket.removeAllListeners('message');
  return socket;
}

async function runClients(url: string): Promise<void> {
  const send = (message: ToParent) => {
    if (process.connected) process.send?.(message);
  };
  const reader = await openSubscribed(url);
  let received = 0;
  reader.on('message', () => (received += 1));
  const paused: WebSocket[] = [];
  for (let index = 0; index < pausedCount; index += 1) {
    paused.push(await openSubscribed(url, values.distinct ? index + 1 : 0));
  }
  const report = setInterval(() => send({ kind: 'received', count: received }), 1000);
  process.on('message', (message: ToChild) => {
    if (message.kind === 'pause') for (const socket of paused) socket.pause();
    else {
      clearInterval(report);
      for (const socket of [reader, ...paused]) socket.terminate();
      process.exit(0);
    }
  });
  send({ kind: 'ready' });
}

// ---------------------------------------------------------------------------------------------------------------
// Server (this process).

/** Bytes in the kernel's send queue per local port pair, for the server's sockets on `port`. */
function kernelSendQueues(port: number): Map<string, number> {
  const queues = new Map<string, number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [local, remote, , queuesField] = fields.slice(1, 5);
      if (!local || !remote || !queuesField) continue;
      if (Number.parseInt(local.split(':')[1] ?? '', 16) !== port) continue;
      const remotePort = Number.parseInt(remote.split(':')[1] ?? '', 16);
      queues.set(String(remotePort), Number.parseInt(queuesField.split(':')[0] ?? '0', 16));
    }
  }
  return queues;
}

function pointData(index: number): Record<string, unknown> {
  return {
    id: String(1_000_000 + index),
    thing_id: `7e1d${String(index % 10_000).padStart(4, '0')}-2c4b-4f1a-9d3e-5a6b7c8d9e0f`,
    lat: 41.8781 + (index % 997) * 1e-5,
    lng: -87.6298 - (index % 991) * 1e-5,
    speed: 11.2,
    course: 184,
    accuracy: 5,
    street: 'W Jackson Blvd',
    enroute: true,
    run_id: `run-${index % 10_000}`,
    timestamp: new Date(1_780_000_000_000 + index * 100).toISOString(),
  };
}

const rssMib = () => process.memoryUsage().rss / MIB;

async function runServer(): Promise<void> {
  const app = Fastify();
  await app.register(cablePlugin, {
    resolveSession: (token) =>
      token === TOKEN ? { userId: 'bench', organizationIds: new Set([ORGANIZATION_ID]) } : null,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const rate = Number(values.rate);
  const perTurn = Math.max(1, Math.round(rate / TURNS_PER_SECOND));
  let sent = 0;
  const ticker = setInterval(() => {
    for (let index = 0; index < perTurn; index += 1) {
      app.broadcaster.broadcast(ORGANIZATION_ID, 'point', pointData(sent), sent + 1);
      sent += 1;
    }
  }, 1000 / TURNS_PER_SECOND);

  // The clients get this process's flags (the paused count, the protocol) too.
  const clientArgs = [...process.argv.slice(2), '--clients-of', `ws://127.0.0.1:${port}/cable`];
  const clients = fork(new URL(import.meta.url), clientArgs, { execArgv: process.execArgv });
  let received = 0;
  const ready = new Promise<void>((resolve) =>
    clients.on('message', (message: ToParent) => {
      if (message.kind === 'ready') resolve();
      else received = message.count;
    }),
  );
  await ready;
  console.log(
    `bench:stuck: ${pausedCount} paused + 1 reading subscriber (${subprotocol}), ${perTurn * TURNS_PER_SECOND} ` +
      `points/s${values.distinct ? ', each paused one with its own identifier string' : ''}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const before = rssMib();
  clients.send({ kind: 'pause' } satisfies ToChild);
  const pausedAt = Date.now();
  // The paused sockets are the last ones that connected; the reader is the first.
  const pausedSockets = [...app.websocketServer.clients].slice(1);
  // A paused client never reads the close either: shed is when the server has let go of the socket.
  const shed = () => pausedSockets.filter((socket) => socket.readyState === socket.CLOSED).length;
  const peakHeld = new Map<WebSocket, number>();
  let peakRss = before;
  let lastLine = 0;
  const timeoutMs = Number(values.timeout) * 1000;
  while (shed() < pausedCount && Date.now() - pausedAt < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const kernel = kernelSendQueues(port);
    let total = 0;
    for (const socket of pausedSockets) {
      const remotePort = String(
        (socket as unknown as { _socket?: { remotePort?: number } })._socket?.remotePort,
      );
      const held = socket.bufferedAmount + (kernel.get(remotePort) ?? 0);
      total += held;
      peakHeld.set(socket, Math.max(peakHeld.get(socket) ?? 0, held));
    }
    peakRss = Math.max(peakRss, rssMib());
    if (Date.now() - lastLine >= 5000) {
      lastLine = Date.now();
      console.log(
        `  t=${((Date.now() - pausedAt) / 1000).toFixed(0)} s  rss ${rssMib().toFixed(0)} MiB  held by the paused ` +
          `${(total / MIB).toFixed(1)} MiB  shed ${shed()}/${pausedCount}  reader got ${received}`,
      );
    }
  }
  const shedAfter = (Date.now() - pausedAt) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = rssMib();
  const peaks = [...peakHeld.values()].map((bytes) => bytes / MIB);
  console.log(
    `RSS before ${before.toFixed(0)} MiB, during (peak) ${peakRss.toFixed(0)} MiB, after ${after.toFixed(0)} MiB; ` +
      `peak - before ${(peakRss - before).toFixed(0)} MiB = ${((peakRss - before) / pausedCount).toFixed(1)} MiB ` +
      `per paused connection`,
  );
  console.log(
    `held per paused connection (bufferedAmount + kernel send queue), peak: max ${Math.max(...peaks).toFixed(1)} ` +
      `MiB, mean ${(peaks.reduce((sum, value) => sum + value, 0) / Math.max(1, peaks.length)).toFixed(1)} MiB; ` +
      `${shed()}/${pausedCount} shed after ${shedAfter.toFixed(0)} s; stats ${JSON.stringify(app.broadcaster.stats().disconnects)}`,
  );
  clearInterval(ticker);
  clients.send({ kind: 'stop' } satisfies ToChild);
  await app.close();
}

if (values['clients-of'] !== undefined) await runClients(values['clients-of']);
else await runServer();
