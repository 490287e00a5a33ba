// The cluster load test's dashboards, in their own process: M websocket clients on the extended protocol
// (`actioncable-v1-ext-json`), client c on node c % N. Each records the offset of every point it receives in a
// ledger (offsetRuns.ts), so loss and duplicates are counted by log position, not by totals. When its socket closes
// under it (its node was killed), it goes to the next node of the list, as a dashboard behind a load balancer would,
// and subscribes with `history` from its epoch and last offset; the time from the close to `confirm_history` is the
// resume time. Frames are not parsed as JSON: only the type, offset and timestamp are looked up (clientSwarm.ts does
// the same), so the swarm spends its core on receiving.
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { LatencyHistogram } from './latencyHistogram.ts';
import { OffsetLedger } from './offsetRuns.ts';
import type {
  FromClusterSwarm,
  SwarmClientResult,
  SwarmNode,
  SwarmResume,
  ToClusterSwarm,
} from './clusterMessages.ts';

const POINT_MARK = '"type":"point"';
const TIMESTAMP_MARK = '"timestamp":"';
const OFFSET_MARK = ',"offset":';
const EPOCH_MARK = '"epoch":"';
/** Between two failed connection attempts: a node that is down refuses at once, so this sets the pace. */
const RETRY_PAUSE_MS = 100;
/** Clients that share a token: half the cable's 16 per token (connectionCaps.ts), so a node that takes over the
 * clients of a dead one stays under it (runClusterLoadTest.ts signs in accordingly). */
const CLIENTS_PER_TOKEN = 8;

type Client = {
  index: number;
  home: number;
  node: number;
  socket: WebSocket | null;
  epoch: string | null;
  /** The last offset received (any message), where a history resumes from. */
  offset: number;
  ledger: OffsetLedger;
  resumes: SwarmResume[];
};

type NodeCounters = {
  deliveries: number;
  histogram: LatencyHistogram;
  epoch: string | null;
  perSecond: number[];
};

let setup: Extract<ToClusterSwarm, { type: 'connect' }> | null = null;
let clients: Client[] = [];
let counters: NodeCounters[] = [];
let measuring = false;
let stopping = false;
let secondCount = 0;
let second = 0;
let ticker: NodeJS.Timeout | null = null;

function send(message: FromClusterSwarm): void {
  process.send?.(message);
}

function freshCounters(nodes: number): NodeCounters[] {
  return Array.from({ length: nodes }, (_, node) => ({
    deliveries: 0,
    histogram: new LatencyHistogram(),
    epoch: counters[node]?.epoch ?? null,
    perSecond: [],
  }));
}

function epochOf(text: string): string | null {
  const at = text.indexOf(EPOCH_MARK);
  if (at < 0) return null;
  const start = at + EPOCH_MARK.length;
  return text.slice(start, text.indexOf('"', start));
}

function onBroadcast(client: Client, node: number, text: string): void {
  const at = text.lastIndexOf(OFFSET_MARK);
  if (at < 0) return;
  const offset = Number(text.slice(at + OFFSET_MARK.length, -1));
  const nodeCounters = counters[node];
  if (nodeCounters && nodeCounters.epoch === null) nodeCounters.epoch = epochOf(text);
  client.epoch ??= epochOf(text);
  if (offset > client.offset) client.offset = offset;
  if (!measuring || !text.includes(POINT_MARK)) return;
  // A point at an offset this client already has is a duplicate: counted by the ledger, not delivered again.
  if (!client.ledger.record(offset)) return;
  const stamp = text.indexOf(TIMESTAMP_MARK);
  if (stamp < 0 || !nodeCounters) return;
  const start = stamp + TIMESTAMP_MARK.length;
  const latency = Date.now() - Date.parse(text.slice(start, text.indexOf('"', start)));
  nodeCounters.deliveries += 1;
  nodeCounters.histogram.record(latency);
  secondCount += 1;
}

/** One connection attempt to `node`; resolves once subscribed (and, when resuming, once the history is answered). */
function attach(client: Client, node: number, resume: SwarmResume | null): Promise<void> {
  if (!setup) return Promise.reject(new Error('not set up'));
  const { identifier, stream } = setup;
  const target: SwarmNode | undefined = setup.nodes[node];
  if (!target) return Promise.reject(new Error(`no node ${node}`));
  return new Promise<void>((resolve, reject) => {
    const token = target.tokens[Math.floor(client.index / CLIENTS_PER_TOKEN) % target.tokens.length] ?? '';
    const socket = new WebSocket(target.socketUrl, ['actioncable-v1-ext-json', token], {
      perMessageDeflate: false,
    });
    let ready = false;
    let settled = false;
    socket.on('message', (data) => {
      const text = data.toString();
      if (ready) return onBroadcast(client, node, text);
      if (text.includes('"type":"welcome"')) {
        const history =
          resume && client.epoch !== null
            ? { streams: { [stream]: { epoch: client.epoch, offset: client.offset } } }
            : undefined;
        socket.send(JSON.stringify({ command: 'subscribe', identifier, history }));
      } else if (text.includes('confirm_subscription')) {
        if (resume && client.epoch !== null) return;
        ready = true;
      } else if (text.includes('"confirm_history"') || text.includes('"reject_history"')) {
        ready = true;
        if (resume) {
          resume.answeredAt = Date.now();
          resume.refused = text.includes('"reject_history"');
        }
      } else if (text.includes('reject_subscription')) {
        socket.terminate();
        return fail(new Error(`node ${node + 1} refused the subscription: ${text}`));
      } else if (!text.includes('"type":"ping"')) onBroadcast(client, node, text);
      if (ready && !settled) {
        settled = true;
        client.socket = socket;
        client.node = node;
        resolve();
      }
    });
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => {
      if (!settled) return fail(new Error(`node ${node + 1} closed before the subscription held`));
      if (client.socket === socket) void failOver(client);
    });
  });
}

/** The socket closed under the client: the other nodes in turn until one takes it, resuming from its offset. The
 * clients of one node start at different ones, so a dead node's clients spread over the survivors. */
async function failOver(client: Client): Promise<void> {
  client.socket = null;
  if (stopping || !setup) return;
  const nodes = setup.nodes.length;
  const resume: SwarmResume = {
    from: client.node,
    to: client.node,
    droppedAt: Date.now(),
    answeredAt: 0,
    refused: false,
    failedAttempts: 0,
  };
  if (measuring) client.resumes.push(resume);
  const first = 1 + (nodes > 1 ? Math.floor(client.index / nodes) % (nodes - 1) : 0);
  for (let step = first; !stopping; step += 1) {
    const node = (resume.from + step) % nodes;
    try {
      await attach(client, node, resume);
      resume.to = node;
      return;
    } catch {
      resume.failedAttempts += 1;
      await sleep(RETRY_PAUSE_MS);
    }
  }
}

function tick(): void {
  for (const nodeCounters of counters) nodeCounters.perSecond.push(nodeCounters.deliveries);
  send({ type: 'tick', second, deliveries: secondCount });
  secondCount = 0;
  second += 1;
}

function results(): SwarmClientResult[] {
  return clients.map((client) => ({
    home: client.home,
    finalNode: client.socket ? client.node : null,
    runs: client.ledger.runs(),
    points: client.ledger.size,
    duplicates: client.ledger.duplicates,
    resumes: client.resumes,
  }));
}

async function connect(message: Extract<ToClusterSwarm, { type: 'connect' }>): Promise<void> {
  setup = message;
  counters = freshCounters(message.nodes.length);
  clients = Array.from({ length: message.clients }, (_, index) => ({
    index,
    home: index % message.nodes.length,
    node: index % message.nodes.length,
    socket: null,
    epoch: null,
    offset: -1,
    ledger: new OffsetLedger(),
    resumes: [],
  }));
  await Promise.all(clients.map((client) => attach(client, client.home, null)));
}

process.on('message', (message: ToClusterSwarm) => {
  const fail = (error: unknown) =>
    send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  switch (message.type) {
    case 'connect':
      connect(message).then(() => send({ type: 'connected', clients: clients.length }), fail);
      break;
    case 'measure:start':
      counters = freshCounters(counters.length);
      for (const client of clients) {
        client.ledger = new OffsetLedger();
        client.resumes = [];
      }
      second = 0;
      secondCount = 0;
      measuring = true;
      ticker = setInterval(tick, 1_000);
      send({ type: 'measuring' });
      break;
    case 'measure:stop': {
      if (ticker) clearInterval(ticker);
      measuring = false;
      // The last, partial second, so that the seconds add up to the deliveries.
      for (const nodeCounters of counters) nodeCounters.perSecond.push(nodeCounters.deliveries);
      const nodes = counters.map((nodeCounters, node) => ({
        node,
        deliveries: nodeCounters.deliveries,
        histogram: nodeCounters.histogram.snapshot(),
        epoch: nodeCounters.epoch,
        perSecond: nodeCounters.perSecond.map(
          (total, index) => total - (nodeCounters.perSecond[index - 1] ?? 0),
        ),
      }));
      send({ type: 'measured', measurement: { clients: results(), nodes } });
      break;
    }
    case 'count':
      send({
        type: 'count',
        received: counters.reduce((sum, nodeCounters) => sum + nodeCounters.deliveries, 0),
        connected: clients.filter((client) => client.socket !== null).length,
        resuming: clients.filter((client) => client.socket === null).length,
      });
      break;
    case 'stop':
      stopping = true;
      for (const client of clients) client.socket?.terminate();
      process.exit(0);
      break;
    default: {
      const unexpected: never = message;
      fail(`unexpected message ${JSON.stringify(unexpected)}`);
    }
  }
});
process.on('disconnect', () => process.exit(0));
