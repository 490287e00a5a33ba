// Sends an extended-protocol client the stream's messages it missed, from the event log (cableHistory.ts), then
// `confirm_history`. A long gap is read in slices with the event loop free in between; meanwhile this connection
// gets no live frames of the organization (they are in the log, and the reading goes on to its end). The last slice
// reads to the log's end synchronously, so nothing commits in between, and live frames up to it that are still
// queued are skipped for this connection (its floor): each message arrives once, in order. A history that does not
// gain on the stream's live end (historyCatchUp.ts) is ended with `reject_history` instead: the client reloads.
import { eventsStreamName, type HistoryRequest } from '#domain/cable/cableProtocol';
import type { CableHistoryReader, CableHistorySource, CableHistoryStart } from './broadcaster.ts';
import type { CableConnection } from './cableConnection.ts';
import { CatchUpWatch, type HistoryCatchUpLimits } from './historyCatchUp.ts';
import {
  broadcastFramePrefix,
  extendedBroadcastFrame,
  historyReplyFrame,
  streamPositionPrefix,
} from './protocol.ts';

/** Log positions one history slice reads (tens of milliseconds of work) before the event loop gets its turn. */
const HISTORY_SLICE_POSITIONS = 10_000;
/** How long a history waits for a client that has not read what it was sent. */
const HISTORY_BACKOFF_MS = 50;

export type HistoryReplayContext = {
  history: CableHistorySource | null;
  /** The epoch of the stream positions the client holds and is sent. */
  epoch: string;
  /** A client holding more than this unread is sent no more history until it reads (flowControl.ts's mark). */
  highWaterMarkBytes: number;
  counters: { historyFrames: number; historyRejected: number };
  catchUp: HistoryCatchUpLimits;
  /** The offset of the organization's latest live broadcast, where the history must get to; null if none yet. */
  streamEnd: () => number | null;
  now: () => number;
};

function openHistory(
  source: CableHistorySource | null,
  organizationId: string,
  start: CableHistoryStart,
): CableHistoryReader | null {
  if (source === null) return null;
  if (source.open) return source.open(organizationId, start);
  // A source that reads in one go (tests' stand-ins): one slice that is the whole history.
  const page = source.read(organizationId, start);
  return page === null ? null : { next: () => ({ ...page, done: true }) };
}

export function replayHistory(
  connection: CableConnection,
  identifier: string,
  request: HistoryRequest,
  context: HistoryReplayContext,
): void {
  const organizationId = connection.subscriptions.get(identifier);
  if (organizationId === undefined) return;
  const streamName = eventsStreamName(organizationId);
  const { epoch, counters } = context;
  const position = request.streams?.[streamName];
  let start: CableHistoryStart | null = null;
  if (position) {
    if (position.epoch === epoch) start = { afterOffset: position.offset };
  } else if (typeof request.since === 'number' && Number.isFinite(request.since)) {
    start = { sinceMs: request.since * 1000 };
  }
  const reject = () => {
    connection.paused?.delete(organizationId);
    counters.historyRejected += 1;
    connection.send(historyReplyFrame(identifier, 'reject_history'));
  };
  const reader = start === null ? null : openHistory(context.history, organizationId, start);
  if (reader === null) {
    reject();
    return;
  }
  connection.paused ??= new Set();
  connection.paused.add(organizationId);
  // A later history request for the same stream replaces this one.
  const run = {};
  connection.historyRuns ??= new Map();
  connection.historyRuns.set(organizationId, run);
  const prefix = broadcastFramePrefix(identifier);
  const positionPrefix = streamPositionPrefix(streamName, epoch);
  const watch = new CatchUpWatch(context.catchUp, context.now());
  /** The log position the history has read to; unknown for a history asked from a moment until its first slice. */
  let readTo = start !== null && 'afterOffset' in start ? start.afterOffset : null;
  const step = (): void => {
    if (
      !connection.isOpen ||
      connection.historyRuns?.get(organizationId) !== run ||
      connection.subscriptions.get(identifier) !== organizationId
    )
      return;
    if (connection.socket.bufferedAmount > context.highWaterMarkBytes) {
      setTimeout(step, HISTORY_BACKOFF_MS);
      return;
    }
    // Judged only with the socket drained: rejected then, the live frames that follow find room and are not dropped.
    const end = context.streamEnd();
    if (
      readTo !== null &&
      end !== null &&
      watch.judge(Math.max(0, end - readTo), context.now()) === 'trailing'
    ) {
      connection.historyRuns?.delete(organizationId);
      // What the history sent stays sent: live frames up to it still queued this turn are not sent again.
      connection.floors ??= new Map();
      connection.floors.set(organizationId, readTo);
      reject();
      return;
    }
    const { messages, offsets, lastOffset, done } = reader.next(HISTORY_SLICE_POSITIONS);
    connection.batch(() => {
      for (let index = 0; index < messages.length; index += 1) {
        connection.send(
          extendedBroadcastFrame(prefix, messages[index] ?? '', positionPrefix, offsets[index] ?? -1),
        );
      }
      if (done) connection.send(historyReplyFrame(identifier, 'confirm_history'));
    });
    counters.historyFrames += messages.length;
    readTo = lastOffset;
    if (!done) {
      setImmediate(step);
      return;
    }
    connection.historyRuns?.delete(organizationId);
    connection.floors ??= new Map();
    connection.floors.set(organizationId, lastOffset);
    connection.paused?.delete(organizationId);
  };
  step();
}
