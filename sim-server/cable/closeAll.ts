// Ending every connection when the server goes away: each is told why (so a client reconnects rather than reports
// an error), and the sockets that have not closed their side within the grace are cut.
import type { CableConnection } from './cableConnection.ts';

/** `connections` is the hub's live set: whoever is still in it when the grace runs out is cut, late comers too. */
export async function closeAll(
  connections: ReadonlySet<CableConnection>,
  farewell: string,
  graceMs: number,
): Promise<void> {
  const closed = [...connections].map((connection) => {
    connection.disconnect(farewell);
    return new Promise<void>((resolve) => {
      if (connection.socket.readyState === connection.socket.CLOSED) resolve();
      else connection.socket.once('close', () => resolve());
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([Promise.all(closed), deadline]);
  clearTimeout(timer);
  for (const connection of connections) connection.socket.terminate();
}
