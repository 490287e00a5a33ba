// The load test's dashboards, in their own process: M websocket clients that subscribe like the dashboard and
// count every point they receive and its device-to-client latency (receive time minus the sample time the
// device feed stamped). A frame is not parsed as JSON: only its type and timestamp are looked up, so that the
// swarm spends its core on receiving, not on parsing.
//
// With churn (`--churn`), the clients speak the extended protocol: each keeps the offset of the last broadcast it
// got, drops its socket now and then, and reconnects subscribing with `history` from that offset, as the dashboard's
// worker does. A broadcast whose offset is not past the last one is a duplicate and not counted; a point that
// never comes is loss; the time from the drop to `confirm_history` is the resume time.
import WebSocket from 'ws';
import { LatencyHistogram } from './latencyHistogram.ts';
import type { ChurnOptions, FromSwarm, SecondOfDeliveries, SwarmMeasurement, ToSwarm } from './messages.ts';

const POINT_MARK = '"type":"point"';
const TIMESTAMP_MARK = '"timestamp":"';
const OFFSET_MARK = ',"offset":';
const EXTENDED_SUBPROTOCOL = 'actioncable-v1-ext-json';

function send(message: FromSwarm): void {
  process.send?.(message);
}

/** One dashboard: its current socket and, with churn, where it is in the stream. */
type Client = {
  socket: WebSocket | null;
  epoch: string | null;
  offset: number;
  /** When the churn next drops it (ms since the epoch); null while it is away or not churning. */
  dropAt: number | null;
  droppedAt: number;
};

let clients: Client[] = [];
let measuring = false;
let churn: ChurnOptions | null = null;
let churning = false;
let churnTimer: NodeJS.Timeout | null = null;
let connectMessage: Extract<ToSwarm, { type: 'connect' }> | null = null;
let received = 0;
let disconnects = 0;
let startedAt = 0;
let total = new LatencyHistogram();
let currentSecond = new LatencyHistogram();
let currentSecondIndex = 0;
let perSecond: SecondOfDeliveries[] = [];
let ticker: NodeJS.Timeout | null = null;
let churnCounts = { drops: 0, resumes: 0, rejected: 0, duplicates: 0 };
let resumeTimes = new LatencyHistogram();

function closeSecond(): void {
  perSecond.push({
    second: currentSecondIndex,
    deliveries: currentSecond.total,
    p50: currentSecond.percentile(0.5),
    p99: currentSecond.percentile(0.99),
    max: currentSecond.max,
  });
  send({
    type: 'tick',
    second: currentSecondIndex,
    deliveries: currentSecond.total,
    histogram: currentSecond.snapshot(),
  });
  currentSecond = new LatencyHistogram();
  currentSecondIndex += 1;
}

/** The stream position at the end of an extended broadcast frame, or -1. */
function offsetOf(text: string): number {
  const at = text.lastIndexOf(OFFSET_MARK);
  return at < 0 ? -1 : Number(text.slice(at + OFFSET_MARK.length, -1));
}

function onFrame(client: Client, text: string): void {
  if (churn !== null) {
    const offset = offsetOf(text);
    if (offset >= 0) {
      if (offset <= client.offset) {
        if (measuring) churnCounts.duplicates += 1;
        return;
      }
      client.offset = offset;
      client.epoch ??= (JSON.parse(text) as { epoch?: string }).epoch ?? null;
    }
  }
  if (!measuring) return;
  if (!text.includes(POINT_MARK)) {
    if (text.includes('"type":"disconnect"')) disconnects += 1;
    return;
  }
  const at = text.indexOf(TIMESTAMP_MARK);
  if (at < 0) return;
  const start = at + TIMESTAMP_MARK.length;
  const latency = Date.now() - Date.parse(text.slice(start, text.indexOf('"', start)));
  received += 1;
  total.record(latency);
  currentSecond.record(latency);
}

function nextDrop(): number | null {
  if (churn === null || !churning) return null;
  // Spread over ±50 % so that the clients do not all drop together.
  return Date.now() + churn.everyMs * (0.5 + Math.random());
}

/** Opens a socket for the client; resolves once it is subscribed (and, when resuming, its history is answered). */
function open(client: Client, message: Extract<ToSwarm, { type: 'connect' }>): Promise<void> {
  const subprotocols =
    message.churn === null
      ? message.subprotocols
      : message.subprotocols.map((protocol) =>
          protocol === 'actioncable-v1-json' ? EXTENDED_SUBPROTOCOL : protocol,
        );
  const resuming = client.epoch !== null;
  return new Promise<void>((resolve, reject) => {
    const socket = new WebSocket(message.socketUrl, subprotocols, { perMessageDeflate: false });
    client.socket = socket;
    let ready = message.identifier === null;
    socket.on('message', (data) => {
      const text = data.toString();
      if (!ready) {
        if (text.includes('"type":"welcome"')) {
          const history =
            resuming && message.identifier !== null
              ? {
                  streams: {
                    [`events:${(JSON.parse(message.identifier) as { organization_id: string }).organization_id}`]:
                      {
                        epoch: client.epoch,
                        offset: client.offset,
                      },
                  },
                }
              : undefined;
          socket.send(JSON.stringify({ command: 'subscribe', identifier: message.identifier, history }));
        } else if (text.includes('confirm_subscription')) {
          if (!resuming) {
            ready = true;
            resolve();
          }
        } else if (text.includes('"confirm_history"') || text.includes('"reject_history"')) {
          ready = true;
          if (text.includes('"reject_history"')) churnCounts.rejected += 1;
          else {
            churnCounts.resumes += 1;
            resumeTimes.record(Date.now() - client.droppedAt);
          }
          client.dropAt = nextDrop();
          resolve();
        } else if (text.includes('reject_subscription') || text.includes('"type":"disconnect"'))
          reject(new Error(`subscription refused: ${text}`));
        else onFrame(client, text);
        return;
      }
      onFrame(client, text);
    });
    socket.on('open', () => {
      if (ready) resolve();
    });
    socket.on('close', () => {
      if (measuring && client.socket === socket) disconnects += 1;
    });
    socket.on('error', reject);
  });
}

function drop(client: Client): void {
  const { socket } = client;
  if (!socket || !connectMessage) return;
  client.socket = null;
  client.dropAt = null;
  client.droppedAt = Date.now();
  churnCounts.drops += 1;
  socket.terminate();
  const message = connectMessage;
  setTimeout(() => {
    open(client, message).catch((error: unknown) =>
      send({ type: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
  }, churn?.pauseMs ?? 0);
}

function churnTick(): void {
  const now = Date.now();
  for (const client of clients) if (client.dropAt !== null && client.dropAt <= now) drop(client);
}

async function connect(message: Extract<ToSwarm, { type: 'connect' }>): Promise<void> {
  connectMessage = message;
  churn = message.churn;
  clients = Array.from({ length: message.clients }, () => ({
    socket: null,
    epoch: null,
    offset: -1,
    dropAt: null,
    droppedAt: 0,
  }));
  await Promise.all(clients.map((client) => open(client, message)));
}

function stopChurn(): void {
  churning = false;
  if (churnTimer) clearInterval(churnTimer);
  churnTimer = null;
  for (const client of clients) client.dropAt = null;
}

function terminateAll(): void {
  stopChurn();
  for (const client of clients) client.socket?.terminate();
  clients = [];
}

process.on('message', (message: ToSwarm) => {
  const fail = (error: unknown) =>
    send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  switch (message.type) {
    case 'connect':
      connect(message).then(() => send({ type: 'connected', clients: clients.length }), fail);
      break;
    case 'measure:start':
      received = 0;
      disconnects = 0;
      total = new LatencyHistogram();
      currentSecond = new LatencyHistogram();
      currentSecondIndex = 0;
      perSecond = [];
      churnCounts = { drops: 0, resumes: 0, rejected: 0, duplicates: 0 };
      resumeTimes = new LatencyHistogram();
      startedAt = Date.now();
      measuring = true;
      ticker = setInterval(closeSecond, 1_000);
      if (churn !== null) {
        churning = true;
        for (const client of clients) client.dropAt = nextDrop();
        churnTimer = setInterval(churnTick, 50);
      }
      send({ type: 'measuring' });
      break;
    case 'churn:stop':
      stopChurn();
      break;
    case 'measure:stop': {
      if (ticker) clearInterval(ticker);
      stopChurn();
      if (currentSecond.total > 0 || Date.now() - startedAt < 1_000) closeSecond();
      measuring = false;
      const measurement: SwarmMeasurement = {
        received,
        perSecond,
        histogram: total.snapshot(),
        disconnects,
        churn: churn === null ? null : { ...churnCounts, resumeHistogram: resumeTimes.snapshot() },
      };
      send({ type: 'measured', measurement });
      break;
    }
    case 'count':
      send({ type: 'count', received });
      break;
    case 'disconnect':
      terminateAll();
      send({ type: 'disconnected' });
      break;
    case 'stop':
      terminateAll();
      process.exit(0);
      break;
    default: {
      const unexpected: never = message;
      fail(`unexpected message ${JSON.stringify(unexpected)}`);
    }
  }
});
process.on('disconnect', () => process.exit(0));
