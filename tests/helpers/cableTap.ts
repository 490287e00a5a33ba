// A tap between the browser and the simulator for browser tests: an HTTP and websocket proxy on a free port that
// forwards everything, records the REST requests, and hands each cable socket to the test so it can count, hold
// back or cut frames. The dashboard's cable and REST loads run in a Web Worker, where Playwright's
// `routeWebSocket` and `page.on('request')` do not reach (microsoft/playwright#37048), so tests watch the wire
// here instead.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

/** One cable socket as the test sees it: frames both ways, and a way to cut it from the server side. */
export type TappedSocket = {
  /** Frames from the simulator; return false to hold one back from the page (nothing or true passes it on). */
  onServerFrame(handler: (frame: string) => boolean | undefined): void;
  /** Frames from the page; return false to hold one back from the simulator. */
  onClientFrame(handler: (frame: string) => boolean | undefined): void;
  onClose(handler: () => void): void;
  /** Closes both sides, as a network drop would. */
  close(): Promise<void>;
};

export type CableTap = {
  /** The origin the page opens instead of the simulator's. */
  url: string;
  /** Every REST request path with its query, in order. */
  requests: string[];
  close(): Promise<void>;
};

/**
 * `onSocket` runs when the page opens a cable socket, before the tap connects it to the simulator, so a test can
 * hold a reconnect back by not returning yet.
 */
export async function startCableTap(
  upstream: string,
  onSocket: (socket: TappedSocket) => Promise<void> | void = () => undefined,
): Promise<CableTap> {
  const target = new URL(upstream);
  const requests: string[] = [];
  const sockets = new Set<WebSocket>();

  const server: Server = createServer((incoming, outgoing) => {
    requests.push(incoming.url ?? '');
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });

  server.on('upgrade', (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    void tapSocket(incoming, socket, head);
  });

  async function tapSocket(incoming: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const serverHandlers: ((frame: string) => boolean | undefined)[] = [];
    const clientHandlers: ((frame: string) => boolean | undefined)[] = [];
    const closeHandlers: (() => void)[] = [];
    let page: WebSocket | null = null;
    let simulator: WebSocket | null = null;
    let closed = false;
    const closeBoth = () => {
      if (closed) return;
      closed = true;
      page?.terminate();
      simulator?.terminate();
      for (const handler of closeHandlers) handler();
    };
    const tapped: TappedSocket = {
      onServerFrame: (handler) => serverHandlers.push(handler),
      onClientFrame: (handler) => clientHandlers.push(handler),
      onClose: (handler) => closeHandlers.push(handler),
      close: async () => closeBoth(),
    };
    await onSocket(tapped);
    const protocols = String(incoming.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((protocol) => protocol.trim())
      .filter((protocol) => protocol.length > 0);
    const url = `ws://${target.host}${incoming.url ?? '/'}`;
    simulator = new WebSocket(url, protocols);
    sockets.add(simulator);
    simulator.once('unexpected-response', () => socket.destroy());
    simulator.once('error', () => socket.destroy());
    simulator.once('open', () => {
      const chosen = simulator?.protocol ?? '';
      const accept = new WebSocketServer({ noServer: true, handleProtocols: () => chosen || false });
      accept.handleUpgrade(incoming, socket, head, (accepted) => {
        page = accepted;
        sockets.add(accepted);
        accepted.on('message', (data: RawData) => {
          const frame = data.toString();
          if (clientHandlers.every((handler) => handler(frame) !== false)) simulator?.send(frame);
        });
        accepted.on('close', closeBoth);
        simulator?.on('message', (data: RawData) => {
          const frame = data.toString();
          if (serverHandlers.every((handler) => handler(frame) !== false)) accepted.send(frame);
        });
        simulator?.on('close', closeBoth);
      });
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the cable tap has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: async () => {
      for (const socket of sockets) socket.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
