// Micro-benchmark of the cable endpoint against a bare `ws` broadcast of the same frames, in the same run.
//
//   npm run bench:cable -- [--clients 20] [--rates 2500,5000,10000] [--seconds 5] [--protocol plain|ext]
//
// `--protocol ext` makes the cable's clients speak the extended protocol (actioncable-v1-ext-json), so every frame
// also carries its stream position (docs/cable.md "Resumable streams"); the default is the plain protocol.
// `--hub-only` measures instead what the hub itself spends per delivery (framing, Buffers, flow decisions) with 20
// subscribers whose sockets write nothing, plain and extended: figures the machine's load barely moves.
//
// For each rate (broadcasts/s to one organization) it runs each server in turn, with the websocket clients in a
// child process so that server and clients share the machine's two cores as they do in the load test. It prints
// deliveries/s, loss and p99 latency for each, and the capacity ratios: the most deliveries/s each held with zero
// loss and p99 under 500 ms (DESIGN.md §7 asks the cable for at least 0.8 of bare ws).

import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import { eventsChannelIdentifier } from '#domain/cable/cableProtocol';
import { CableConnection } from '#sim/cable/cableConnection';
import { CableHub } from '#sim/cable/cableHub';
import { cablePlugin } from '#sim/cable/cablePlugin';
import { resolveConnectionCaps } from '#sim/cable/connectionCaps';
import { resolveFlowControlLimits } from '#sim/cable/flowControl';
import { askClients, cpuMs, percentile, wallClockMs, type Measurement } from './benchCable/messages.ts';

const ORGANIZATION_ID = '3d9f6a2e-7c41-4b8e-a0d5-6e2f1b9c8a47';
const IDENTIFIER = eventsChannelIdentifier(ORGANIZATION_ID);
const TOKEN = 'bench-token';
const LATENCY_BUDGET_MS = 500;
const TICK_MS = 5;

// ---------------------------------------------------------------------------------------------------------------
// Server side: the two contenders.

type Contender = {
  name: string;
  url: string;
  protocols: string[];
  identifier: string | null;
  broadcast: (data: Record<string, unknown>) => void;
  droppedFrames: () => number;
  close: () => Promise<void>;
};

async function startBareWs(): Promise<Contender> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    name: 'bare ws',
    url: `ws://127.0.0.1:${port}/`,
    protocols: [],
    identifier: null,
    broadcast: (data) => {
      const frame = JSON.stringify({ identifier: IDENTIFIER, message: { type: 'point', data } });
      for (const client of server.clients) client.send(frame);
    },
    droppedFrames: () => 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A second yardstick: bare ws with the cable's batching (frames of one turn written per client with its TCP socket
 * corked), so the ratio against it shows what the protocol layer itself costs.
 */
async function startBatchedBareWs(): Promise<Contender> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const transports = new Map<WebSocket, Socket>();
  server.on('connection', (client, request) => {
    transports.set(client, request.socket);
    client.on('close', () => transports.delete(client));
  });
  let queued: Buffer[] = [];
  const flush = (): void => {
    const frames = queued;
    queued = [];
    for (const [client, transport] of transports) {
      transport.cork();
      for (const frame of frames) client.send(frame, { binary: false });
      transport.uncork();
    }
  };
  return {
    name: 'batched ws',
    url: `ws://127.0.0.1:${port}/`,
    protocols: [],
    identifier: null,
    broadcast: (data) => {
      if (queued.length === 0) setImmediate(flush);
      queued.push(Buffer.from(JSON.stringify({ identifier: IDENTIFIER, message: { type: 'point', data } })));
    },
    droppedFrames: () => 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Which protocol the cable's clients speak (`--protocol`). */
let cableSubprotocol = 'actioncable-v1-json';

async function startCable(): Promise<Contender> {
  const app: FastifyInstance = Fastify();
  await app.register(cablePlugin, {
    resolveSession: (token) =>
      token === TOKEN ? { userId: 'bench', organizationIds: new Set([ORGANIZATION_ID]) } : null,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  // Offsets as the log gives them: one per broadcast, rising.
  let offset = 0;
  return {
    name: 'cable',
    url: `${address.replace('http', 'ws')}/cable`,
    protocols: [cableSubprotocol, TOKEN],
    identifier: IDENTIFIER,
    broadcast: (data) => {
      offset += 1;
      app.broadcaster.broadcast(ORGANIZATION_ID, 'point', data, offset);
    },
    droppedFrames: () => app.broadcaster.stats().droppedFrames,
    close: () => app.close(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One phase: drive a rate for a while, then wait for the clients to drain.

type PhaseResult = {
  name: string;
  rate: number;
  expected: number;
  delivered: number;
  deliveriesPerSecond: number;
  p99Ms: number;
  droppedFrames: number;
  /** Share of one core used by the server process and by the clients' process while the phase ran. */
  serverCpu: number;
  clientsCpu: number;
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function pointPayload(sequence: number, scheduledAt: number): Record<string, unknown> {
  return {
    id: `pt-${sequence}`,
    thing_id: `thing-${sequence % 2000}`,
    lat: 41.8781 + (sequence % 100) * 0.0001,
    lng: -87.6298 - (sequence % 100) * 0.0001,
    speed: 12.5,
    course: 270,
    accuracy: 4,
    enroute: true,
    run_id: `run-${sequence % 2000}`,
    timestamp: new Date(1_767_225_600_000 + sequence).toISOString(),
    street: 'W Jackson Blvd',
    // When the rate says it was due, not when it was built: a server that falls behind shows it as latency.
    sent_at: scheduledAt,
  };
}

async function runPhase(
  start: () => Promise<Contender>,
  clients: ChildProcess,
  clientCount: number,
  rate: number,
  seconds: number,
): Promise<PhaseResult> {
  const contender = await start();
  await askClients(
    clients,
    {
      kind: 'connect',
      url: contender.url,
      protocols: contender.protocols,
      identifier: contender.identifier,
      count: clientCount,
    },
    'ready',
  );

  const startedAt = wallClockMs();
  const serverCpuAtStart = process.cpuUsage();
  let sent = 0;
  while (wallClockMs() - startedAt < seconds * 1000) {
    const due = Math.floor(((wallClockMs() - startedAt) * rate) / 1000);
    for (; sent < due; sent += 1) contender.broadcast(pointPayload(sent, startedAt + (sent * 1000) / rate));
    await sleep(TICK_MS);
  }

  const expected = sent * clientCount;
  let measured: Measurement = { delivered: 0, lastReceiveAt: 0, latencyHistogram: [], cpuMs: 0 };
  for (let stalledPolls = 0; stalledPolls < 8 && measured.delivered < expected;) {
    await sleep(250);
    const next = (await askClients(clients, { kind: 'measure' }, 'measured')) as Measurement;
    stalledPolls = next.delivered === measured.delivered ? stalledPolls + 1 : 0;
    measured = next;
  }
  const droppedFrames = contender.droppedFrames();
  const phaseMs = wallClockMs() - startedAt;
  const serverCpu = cpuMs(serverCpuAtStart) / phaseMs;
  await askClients(clients, { kind: 'disconnect' }, 'disconnected');
  await contender.close();

  const elapsedSeconds = Math.max(measured.lastReceiveAt - startedAt, 1) / 1000;
  return {
    name: contender.name,
    rate,
    expected,
    delivered: measured.delivered,
    deliveriesPerSecond: measured.delivered / elapsedSeconds,
    p99Ms: percentile(measured.latencyHistogram, 0.99),
    droppedFrames,
    serverCpu,
    // The clients' count starts at connect, a little before the phase; close enough for a share.
    clientsCpu: measured.cpuMs / phaseMs,
  };
}

const holdsBudget = (result: PhaseResult): boolean =>
  result.delivered === result.expected && result.p99Ms < LATENCY_BUDGET_MS;

function formatRow(result: PhaseResult): string {
  const loss = result.expected - result.delivered;
  return [
    result.name.padEnd(10),
    `${result.rate}/s`.padStart(9),
    `${Math.round(result.deliveriesPerSecond).toLocaleString('en-US')} deliveries/s`.padStart(22),
    `loss ${loss}`.padStart(12),
    `dropped ${result.droppedFrames}`.padStart(12),
    `p99 ${result.p99Ms} ms`.padStart(12),
    `cpu server ${Math.round(result.serverCpu * 100)}% clients ${Math.round(result.clientsCpu * 100)}%`.padStart(
      30,
    ),
    holdsBudget(result) ? 'ok' : 'over budget',
  ].join('  ');
}

/** CPU nanoseconds the hub spends per delivery: 1,000 broadcasts a turn to `subscribers` sockets that write nothing. */
async function hubCostPerDelivery(extended: boolean, subscribers: number, rounds: number): Promise<number> {
  const hub = new CableHub({
    limits: resolveFlowControlLimits({}),
    caps: resolveConnectionCaps({ perUser: subscribers, perToken: subscribers }),
    now: Date.now,
  });
  for (let index = 0; index < subscribers; index += 1) {
    const socket = { readyState: 1, OPEN: 1, bufferedAmount: 0, send: () => undefined };
    // Broadcast batches are one write of pre-framed bytes each (sim-server/cable/wireFrames.ts).
    const transport = { write: () => true };
    const connection = new CableConnection(
      socket as unknown as WebSocket,
      transport as unknown as Socket,
      extended ? `sid-${index}` : null,
    );
    connection.session = { userId: 'bench', organizationIds: new Set([ORGANIZATION_ID]) };
    hub.attach(connection);
    hub.subscribe(connection, IDENTIFIER);
  }
  const turn = async (offset: number) => {
    for (let index = 0; index < 1_000; index += 1)
      hub.broadcast(ORGANIZATION_ID, 'point', pointPayload(offset + index, wallClockMs()), offset + index);
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
  };
  for (let round = 0; round < 50; round += 1) await turn(round * 1_000);
  const sentAtStart = hub.stats().sentFrames;
  const cpuAtStart = process.cpuUsage();
  for (let round = 0; round < rounds; round += 1) await turn((50 + round) * 1_000);
  const cpu = process.cpuUsage(cpuAtStart);
  return ((cpu.user + cpu.system) * 1_000) / (hub.stats().sentFrames - sentAtStart);
}

async function hubOnly(clientCount: number): Promise<void> {
  console.log(
    `cable hub cost per delivery: ${clientCount} subscribers, 1,000 broadcasts a turn, no socket writes`,
  );
  for (let run = 1; run <= 3; run += 1) {
    const plain = await hubCostPerDelivery(false, clientCount, 300);
    const extended = await hubCostPerDelivery(true, clientCount, 300);
    console.log(`  run ${run}: plain ${plain.toFixed(1)} ns, extended ${extended.toFixed(1)} ns`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '20' },
      rates: { type: 'string', default: '2500,5000,7500,10000,15000,20000' },
      seconds: { type: 'string', default: '5' },
      protocol: { type: 'string', default: 'plain' },
      'hub-only': { type: 'boolean', default: false },
    },
  });
  if (values['hub-only']) {
    await hubOnly(Number(values.clients));
    return;
  }
  if (values.protocol !== 'plain' && values.protocol !== 'ext') throw new Error('--protocol is plain or ext');
  if (values.protocol === 'ext') cableSubprotocol = 'actioncable-v1-ext-json';
  const clientCount = Number(values.clients);
  const rates = values.rates.split(',').map(Number);
  const seconds = Number(values.seconds);

  const clients = fork(new URL('./benchCable/clientsProcess.ts', import.meta.url), [], {
    execArgv: process.execArgv,
  });
  console.log(
    `cable benchmark: ${clientCount} clients, ${seconds} s per phase, rates ${rates.join(', ')} broadcasts/s, ` +
      `cable protocol ${cableSubprotocol}`,
  );

  const capacity = new Map<string, number>();
  for (const [index, rate] of rates.entries()) {
    // Rotate which contender goes first so that none always runs on a warmer process.
    const contenders = [startBareWs, startCable, startBatchedBareWs];
    const order = contenders.map(
      (_, offset) => contenders[(index + offset) % contenders.length] ?? startCable,
    );
    for (const start of order) {
      const result = await runPhase(start, clients, clientCount, rate, seconds);
      console.log(formatRow(result));
      if (holdsBudget(result)) {
        capacity.set(result.name, Math.max(capacity.get(result.name) ?? 0, result.deliveriesPerSecond));
      }
    }
  }
  clients.disconnect();

  const bare = capacity.get('bare ws') ?? 0;
  const cable = capacity.get('cable') ?? 0;
  const batched = capacity.get('batched ws') ?? 0;
  console.log(`capacity (zero loss, p99 < ${LATENCY_BUDGET_MS} ms):`);
  const format = (deliveries: number): string =>
    `${Math.round(deliveries).toLocaleString('en-US')} deliveries/s`;
  const ratio = (baseline: number): string => (baseline > 0 ? (cable / baseline).toFixed(2) : 'n/a');
  console.log(`  bare ws     ${format(bare)}`);
  console.log(`  batched ws  ${format(batched)}`);
  console.log(`  cable       ${format(cable)}`);
  console.log(`  cable / bare ws     ${ratio(bare)} (budget >= 0.80)`);
  console.log(`  cable / batched ws  ${ratio(batched)}`);
  const ceiling = Math.max(...rates) * clientCount;
  if (Math.max(bare, batched, cable) >= 0.95 * ceiling) {
    console.log(
      '  note: a contender held the highest rate offered, so its capacity is a floor; raise --rates',
    );
  }
}

await main();
