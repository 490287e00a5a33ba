// A TCP link between the simulator and a server (Redis) that a test can cut: `cut(ms)` ends every connection
// through it at once and, for that long, ends each new one as soon as it opens, as a pulled cable or a firewall
// that resets would. Real sockets, so the client's own reconnect logic runs.
import net from 'node:net';

export type CuttableLink = {
  port: number;
  /** Cuts the link for `ms`; resolves when it is whole again. */
  cut(ms: number): Promise<void>;
  close(): Promise<void>;
};

export async function startCuttableLink(targetPort: number): Promise<CuttableLink> {
  const open = new Set<net.Socket>();
  let cutUntil = 0;
  const server = net.createServer((client) => {
    if (Date.now() < cutUntil) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('link did not listen');
  return {
    port: address.port,
    async cut(ms) {
      cutUntil = Date.now() + ms;
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
