// bench:timetravel's hammering user (scripts/benchTimeTravel.ts forks this file, so that its requests and their
// answers take none of the measuring process's event loop): `loops` loops each asking for a past picture and a page
// of past messages in turn, again at once after every answer, 429 or not, and `stalled` sockets that ask for a page
// and never read, for `seconds`; then it sends its parent what it was answered.
import net from 'node:net';

export type HammerOrders = {
  url: string;
  token: string;
  pictureUrl: string;
  /** `{at}` in the picture's address is replaced by a moment half a minute ago. */
  pageUrl: string;
  loops: number;
  stalled: number;
  seconds: number;
};
export type HammerAnswers = {
  byStatus: [number, number][];
  pictureMs: number[];
  pageMs: number[];
};

const orders = await new Promise<HammerOrders>((resolve) =>
  process.once('message', (m) => resolve(m as HammerOrders)),
);
const now = () => new Date(Date.now() - 30_000).toISOString();
const address = (template: string) => `${orders.url}${template.replaceAll('{at}', now())}`;
const end = performance.now() + orders.seconds * 1000;
const byStatus = new Map<number, number>();
const answered: { picture: number[]; page: number[] } = { picture: [], page: [] };

const { hostname, port } = new URL(orders.url);
const stalled = Array.from({ length: orders.stalled }, () => {
  const socket = net.connect({ host: hostname, port: Number(port) }, () => {
    const path = address(orders.pageUrl).slice(orders.url.length);
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${orders.token}\r\n\r\n`,
    );
    socket.pause();
  });
  socket.on('error', () => undefined);
  return socket;
});

await Promise.all(
  Array.from({ length: orders.loops }, async (_, index) => {
    for (let round = index; performance.now() < end; round += 1) {
      const kind = round % 2 === 0 ? 'picture' : 'page';
      const started = performance.now();
      let status: number;
      try {
        const response = await fetch(address(kind === 'picture' ? orders.pictureUrl : orders.pageUrl), {
          headers: { authorization: `Bearer ${orders.token}` },
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0;
      }
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      if (status === 200) answered[kind].push(performance.now() - started);
    }
  }),
);
for (const socket of stalled) socket.destroy();
process.send?.({
  byStatus: [...byStatus.entries()].sort(([a], [b]) => a - b),
  pictureMs: answered.picture,
  pageMs: answered.page,
} satisfies HammerAnswers);
process.disconnect();
