// Runs in the worker: the cable's echo of the user's own saved closure, recognised so it is not decoded a second
// time. The save's answer was decoded once, on the page (client/api/closures.ts), and applied from that decoded value
// (collectionWrites.ts); the provider then broadcasts the same record as a `closure` message. A message whose data is
// the answer's record, to the character, is that echo and changes nothing, so the worker drops it before the
// pipeline's decoder; any other `closure` message for that id (a later save, another user's) goes on as ever and
// forgets the answer. Each answer is consumed once.
import type { LiveMessage } from './cableFrames.ts';

export class OwnEchoes {
  /** The answer's JSON text by closure id, until its echo or a later message for the id came. */
  private readonly expected = new Map<string, string>();

  expect(closureId: string, answer: string): void {
    this.expected.set(closureId, answer);
  }

  /** Whether the message is the echo of an own save already applied (and so to be dropped). */
  isEcho(message: LiveMessage): boolean {
    if (message.type !== 'closure' || this.expected.size === 0) return false;
    const id = idOf(message.data);
    const answer = id === null ? undefined : this.expected.get(id);
    if (id === null || answer === undefined) return false;
    this.expected.delete(id);
    return JSON.stringify(message.data) === answer;
  }
}

function idOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { id, uuid } = data as { id?: unknown; uuid?: unknown };
  if (typeof id === 'string') return id;
  return typeof uuid === 'string' ? uuid : null;
}
