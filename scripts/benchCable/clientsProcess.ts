// The cable benchmark's clients (scripts/benchCable.ts forks this file): N sockets in a child process, counting
// deliveries and their latency, so that server and clients share the machine's two cores as in the load test.
import { once } from 'node:events';
import { WebSocket } from 'ws';
import { cpuMs, HISTOGRAM_MS, wallClockMs, type FromClients, type ToClients } from './messages.ts';

function runClients(): void {
  let sockets: WebSocket[] = [];
  let delivered = 0;
  let lastReceiveAt = 0;
  let histogram = new Array<number>(HISTOGRAM_MS + 1).fill(0);
  let cpuAtConnect = process.cpuUsage();
  const reply = (message: FromClients): void => {
    process.send?.(message);
  };

  const onFrame = (data: Buffer): void => {
    const text = data.toString('utf8');
    // Cheap for both servers alike: the send time is the last field of every benchmark payload.
    const at = text.lastIndexOf('"sent_at":');
    if (at < 0) return;
    const now = wallClockMs();
    const latency = Math.max(0, Math.round(now - Number.parseFloat(text.slice(at + 10))));
    const bucket = Math.min(latency, HISTOGRAM_MS);
    histogram[bucket] = (histogram[bucket] ?? 0) + 1;
    delivered += 1;
    lastReceiveAt = now;
  };

  const connect = async (command: Extract<ToClients, { kind: 'connect' }>): Promise<void> => {
    delivered = 0;
    lastReceiveAt = 0;
    histogram = new Array<number>(HISTOGRAM_MS + 1).fill(0);
    cpuAtConnect = process.cpuUsage();
    sockets = await Promise.all(
      Array.from({ length: command.count }, async () => {
        const socket = new WebSocket(command.url, command.protocols, { skipUTF8Validation: true });
        socket.on('message', (data: Buffer) => onFrame(data));
        await once(socket, 'open');
        if (command.identifier !== null) {
          const confirmed = new Promise<void>((resolve) => {
            const onConfirm = (data: Buffer): void => {
              if (!data.toString('utf8').includes('confirm_subscription')) return;
              socket.off('message', onConfirm);
              resolve();
            };
            socket.on('message', onConfirm);
          });
          socket.send(JSON.stringify({ command: 'subscribe', identifier: command.identifier }));
          await confirmed;
        }
        return socket;
      }),
    );
    reply({ kind: 'ready' });
  };

  process.on('message', (command: ToClients) => {
    switch (command.kind) {
      case 'connect':
        void connect(command);
        break;
      case 'measure':
        reply({
          kind: 'measured',
          delivered,
          lastReceiveAt,
          latencyHistogram: histogram,
          cpuMs: cpuMs(cpuAtConnect),
        });
        break;
      case 'disconnect':
        void Promise.all(
          sockets.map(async (socket) => {
            // The cable may already have closed a socket it shed as a slow consumer.
            if (socket.readyState === socket.CLOSED) return;
            const closed = once(socket, 'close');
            socket.terminate();
            await closed;
          }),
        ).then(() => reply({ kind: 'disconnected' }));
        break;
      default: {
        const unhandled: never = command;
        throw new Error(`unknown command ${JSON.stringify(unhandled)}`);
      }
    }
  });
  process.on('disconnect', () => process.exit(0));
}

runClients();
