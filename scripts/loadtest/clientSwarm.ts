// The load test's dashboards, in their own process: M websocket clients that subscribe like the dashboard and
// count every point they receive and its device-to-client latency (receive time minus the sample time the
// device feed stamped). A frame is not parsed as JSON: only its type and timestamp are looked up, so that the
// swarm spends its core on receiving, not on parsing.
import WebSocket from 'ws';
import { LatencyHistogram } from './latencyHistogram.ts';
import type { FromSwarm, SecondOfDeliveries, SwarmMeasurement, ToSwarm } from './messages.ts';

const POINT_MARK = '"type":"point"';
const TIMESTAMP_MARK = '"timestamp":"';

function send(message: FromSwarm): void {
  process.send?.(message);
}

let sockets: WebSocket[] = [];
let measuring = false;
let received = 0;
let disconnects = 0;
let startedAt = 0;
let total = new LatencyHistogram();
let currentSecond = new LatencyHistogram();
let currentSecondIndex = 0;
let perSecond: SecondOfDeliveries[] = [];
let ticker: NodeJS.Timeout | null = null;

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

function onFrame(data: WebSocket.RawData): void {
  if (!measuring) return;
  const text = data.toString();
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

async function connect(message: Extract<ToSwarm, { type: 'connect' }>): Promise<void> {
  const opened = Array.from(
    { length: message.clients },
    () =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(message.socketUrl, message.subprotocols, { perMessageDeflate: false });
        let confirmed = message.identifier === null;
        socket.on('message', (data) => {
          if (!confirmed) {
            const text = data.toString();
            if (text.includes('"type":"welcome"'))
              socket.send(JSON.stringify({ command: 'subscribe', identifier: message.identifier }));
            else if (text.includes('confirm_subscription')) {
              confirmed = true;
              resolve(socket);
            } else if (text.includes('reject_subscription') || text.includes('"type":"disconnect"'))
              reject(new Error(`subscription refused: ${text}`));
            return;
          }
          onFrame(data);
        });
        socket.on('open', () => {
          if (confirmed) resolve(socket);
        });
        socket.on('close', () => {
          if (measuring) disconnects += 1;
        });
        socket.on('error', reject);
      }),
  );
  sockets = await Promise.all(opened);
}

process.on('message', (message: ToSwarm) => {
  const fail = (error: unknown) =>
    send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  switch (message.type) {
    case 'connect':
      connect(message).then(() => send({ type: 'connected', clients: sockets.length }), fail);
      break;
    case 'measure:start':
      received = 0;
      disconnects = 0;
      total = new LatencyHistogram();
      currentSecond = new LatencyHistogram();
      currentSecondIndex = 0;
      perSecond = [];
      startedAt = Date.now();
      measuring = true;
      ticker = setInterval(closeSecond, 1_000);
      send({ type: 'measuring' });
      break;
    case 'measure:stop': {
      if (ticker) clearInterval(ticker);
      if (currentSecond.total > 0 || Date.now() - startedAt < 1_000) closeSecond();
      measuring = false;
      const measurement: SwarmMeasurement = {
        received,
        perSecond,
        histogram: total.snapshot(),
        disconnects,
      };
      send({ type: 'measured', measurement });
      break;
    }
    case 'count':
      send({ type: 'count', received });
      break;
    case 'disconnect':
      for (const socket of sockets) socket.terminate();
      sockets = [];
      send({ type: 'disconnected' });
      break;
    case 'stop':
      for (const socket of sockets) socket.terminate();
      process.exit(0);
      break;
    default: {
      const unexpected: never = message;
      fail(`unexpected message ${JSON.stringify(unexpected)}`);
    }
  }
});
process.on('disconnect', () => process.exit(0));
