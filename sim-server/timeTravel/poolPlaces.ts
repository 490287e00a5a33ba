// A route's side of the pool (historyPool.ts): the answer is built in a place, or the request is refused with 429
// and Retry-After before anything is read; the place is held until the answer has been written to the socket (a
// streamed page included), so a client that asks and does not read holds one place, and for no longer than the
// send deadline, after which its connection is closed.
import type { FastifyReply } from 'fastify';
import type { HistoryPool } from './historyPool.ts';
import { HISTORY_BUSY, type HistoryRequester, type TimeTravelLimits } from './timeTravelLimits.ts';

export async function answerInPlace(
  pool: HistoryPool,
  limits: TimeTravelLimits,
  reply: FastifyReply,
  requester: HistoryRequester,
  answer: () => Promise<FastifyReply>,
): Promise<FastifyReply> {
  const asked = pool.request(requester);
  if (asked.kind === 'refused')
    return reply
      .code(429)
      .header('retry-after', String(limits.retryAfterSeconds))
      .send({ error: HISTORY_BUSY, message: HISTORY_BUSY });
  const raw = reply.raw;
  // The client went away while waiting: its turn is given to the next one.
  raw.once('close', asked.withdraw);
  const release = await asked.place;
  raw.off('close', asked.withdraw);
  if (release === null) return reply;
  if (raw.destroyed) {
    release();
    return reply;
  }
  const deadline = setTimeout(() => raw.destroy(), limits.sendDeadlineMs);
  deadline.unref();
  const done = () => {
    clearTimeout(deadline);
    release();
  };
  raw.once('close', done);
  raw.once('finish', done);
  try {
    return await answer();
  } catch (error) {
    done();
    throw error;
  }
}
