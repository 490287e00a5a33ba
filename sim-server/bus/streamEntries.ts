// A committed batch as one Redis Streams entry. The entry id is the batch's last log position (`<position>-0`), so
// the mapping between entry ids and log positions is a function both ways: an append that is retried after a lost
// reply is refused by Redis as "equal or smaller than the top item" instead of added twice, a reader that resumes
// from the last id it delivered resumes from a log position, and where the stream ends says which committed batches
// it still lacks (docs/scale-out.md "Entry ids and log positions"). The entry has two fields: `m`, the batch's
// messages, one codec line each, joined by newlines; and `p`, the id of the entry it was appended after (empty for
// a stream's first), so a reader can tell that entries between the last one it read and this one are gone.
import type { BusCodec, CommittedBatch } from './broadcastBus.ts';

export const MESSAGES_FIELD = 'm';
export const PREVIOUS_FIELD = 'p';

export const entryIdOf = (position: number): string => `${position}-0`;

/** The log position an entry id stands for (its milliseconds part). */
export function positionOfEntryId(id: string): number {
  const dash = id.indexOf('-');
  return Number(dash < 0 ? id : id.slice(0, dash));
}

export function encodeMessages<Message>(
  messages: readonly Message[],
  codec: BusCodec<Message, unknown>,
): string {
  let text = '';
  for (let index = 0; index < messages.length; index += 1) {
    const line = codec.encode(messages[index] as Message);
    text += index === 0 ? line : `\n${line}`;
  }
  return text;
}

export function decodeEntry<Received>(
  id: string,
  payload: string,
  codec: BusCodec<unknown, Received>,
): CommittedBatch<Received> {
  const messages: Received[] = [];
  if (payload.length > 0) for (const line of payload.split('\n')) messages.push(codec.decode(line));
  return { position: positionOfEntryId(id), messages };
}

/** The value of `field` in an entry's flat field list. */
export function fieldOf(fields: readonly string[], field: string): string | null {
  for (let index = 0; index + 1 < fields.length; index += 2)
    if (fields[index] === field) return fields[index + 1] ?? null;
  return null;
}

/**
 * Whether entries a reader never read were appended between the last one it delivered and an entry appended after
 * `previousId`: a predecessor later than what it delivered was trimmed (or lost) unread; an empty one means the
 * stream started again, and what this reader had not read of the old one cannot be known, so it counts as missed.
 */
export function missedBefore(previousId: string, lastDeliveredId: string): boolean {
  if (previousId === '') return positionOfEntryId(lastDeliveredId) > 0;
  return positionOfEntryId(previousId) > positionOfEntryId(lastDeliveredId);
}
