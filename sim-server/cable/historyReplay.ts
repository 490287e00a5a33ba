// Sends an extended-protocol client the stream's messages it missed, from the event log (cableHistory.ts), then
// `confirm_history`. A long gap is read in slices with the event loop free before each one, the first included;
// meanwhile this connection gets no live frames of the organization (they are in the log, and the reading goes on to
// its end). The last slice reads to the log's end synchronously, so nothing commits in between, and live frames up
// to it that are still queued are skipped for this connection (its position): each message arrives once, in order.
// One history per subscription: a new request replaces the one in flight and starts where the subscription has
// been sent to, never before (issue 34). Slices pass the connection's flow control like live batches: one goes only
// to a socket with room for it, and a client that does not read is shed as slow. A history that does not gain on
// the stream's live end (historyCatchUp.ts) is ended with `reject_history` instead: the client reloads.
import { eventsStreamName, type HistoryRequest } from '#domain/cable/cableProtocol';
import type { CableHistoryReader, CableHistorySource, CableHistoryStart } from './broadcaster.ts';
import type { CableConnection, HistoryRun } from './cableConnection.ts';
import type { FlowDecision } from './flowControl.ts';
import { CatchUpWatch, type HistoryCatchUpLimits } from './historyCatchUp.ts';
import {
  broadcastFramePrefix,
  extendedBroadcastFrame,
  historyReplyFrame,
  streamPositionPrefix,
} from './protocol.ts';
import { wireBatch } from './wireFrames.ts';

/** Log positions one history slice reads (tens of milliseconds of work) before the event loop gets its turn. */
const HISTORY_SLICE_POSITIONS = 10_000;
/** How long a history waits for a client that has not read what it was sent. */
const HISTORY_BACKOFF_MS = 50;

export type HistoryReplayContext = {
  history: CableHistorySource | null;
  /** The epoch of the stream positions the client holds and is sent. */
  epoch: string;
  /** The connection's flow policy for a batch of this many bytes (flowControl.ts), as live batches get it. */
  flow: (batchBytes: number) => FlowDecision;
  /** Disconnects the connection as a slow consumer. */
  shed: () => void;
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
  // Never before what this subscription has already been sent: a repeated request resumes from there.
  const sentThrough = connection.sentThrough.get(organizationId);
  let start: CableHistoryStart | null = null;
  if (position) {
    if (position.epoch === epoch) start = { afterOffset: Math.max(position.offset, sentThrough ?? -1) };
  } else if (sentThrough !== undefined) {
    start = { afterOffset: sentThrough };
  } else if (typeof request.since === 'number' && Number.isFinite(request.since)) {
    start = { sinceMs: request.since * 1000 };
  }
  const reject = () => {
    connection.paused?.delete(organizationId);
    counters.historyRejected += 1;
    connection.send(historyReplyFrame(identifier, 'reject_history'));
  };
  if (start === null || context.history === null) {
    connection.historyRuns.delete(organizationId);
    reject();
    return;
  }
  connection.paused ??= new Set();
  connection.paused.add(organizationId);
  // A request that replaces one in flight keeps its watch: repeating the command does not buy a history more time.
  const run: HistoryRun = {
    watch:
      connection.historyRuns.get(organizationId)?.watch ?? new CatchUpWatch(context.catchUp, context.now()),
  };
  connection.historyRuns.set(organizationId, run);
  const source = context.history;
  const historyStart = start;
  const prefix = broadcastFramePrefix(identifier);
  const positionPrefix = streamPositionPrefix(streamName, epoch);
  let reader: CableHistoryReader | null = null;
  /** What the next slice is taken to weigh before it is read: the largest so far, so it is read for a socket with room. */
  let sliceBytesEstimate = 0;
  /** The log position the history has read to; unknown for a history asked from a moment until its first slice. */
  let readTo = 'afterOffset' in historyStart ? historyStart.afterOffset : null;
  const current = () =>
    connection.isOpen &&
    connection.historyRuns.get(organizationId) === run &&
    connection.subscriptions.get(identifier) === organizationId;
  const step = (): void => {
    if (!current()) return;
    const decision = context.flow(sliceBytesEstimate);
    if (decision === 'disconnect') {
      context.shed();
      return;
    }
    if (decision === 'drop') {
      setTimeout(step, HISTORY_BACKOFF_MS);
      return;
    }
    // Opened here, after the event loop's turn, so that requests repeated in one read open (and seed) nothing.
    if (reader === null) {
      reader = openHistory(source, organizationId, historyStart);
      if (reader === null) {
        connection.historyRuns.delete(organizationId);
        reject();
        return;
      }
    }
    // Judged only with room on the socket: rejected then, the live frames that follow are not dropped.
    const end = context.streamEnd();
    if (
      readTo !== null &&
      end !== null &&
      run.watch.judge(Math.max(0, end - readTo), context.now()) === 'trailing'
    ) {
      connection.historyRuns.delete(organizationId);
      // What the history sent stays sent: live frames up to it still queued this turn are not sent again.
      connection.sentThrough.set(organizationId, readTo);
      reject();
      return;
    }
    const { messages, offsets, lastOffset, done } = reader.next(HISTORY_SLICE_POSITIONS);
    // On a cluster node the stream the hub delivers can be ahead of the node's replica (another node appended it
    // first, docs/scale-out.md "Every node relays"): a history that ended below what the hub already sent live,
    // before this subscription, would leave those positions out. It waits for the replica's tail instead.
    const behindStream = done && end !== null && lastOffset < end;
    const frames = messages.map((message, index) =>
      extendedBroadcastFrame(prefix, message, positionPrefix, offsets[index] ?? -1),
    );
    if (done && !behindStream) frames.push(historyReplyFrame(identifier, 'confirm_history'));
    const batch = wireBatch(frames);
    sliceBytesEstimate = Math.max(sliceBytesEstimate, batch.bytes.length);
    connection.sendBatch(batch);
    counters.historyFrames += messages.length;
    readTo = lastOffset;
    connection.sentThrough.set(organizationId, Math.max(lastOffset, sentThrough ?? -1));
    if (!done) {
      setImmediate(step);
      return;
    }
    if (behindStream) {
      setTimeout(step, HISTORY_BACKOFF_MS);
      return;
    }
    connection.historyRuns.delete(organizationId);
    connection.paused?.delete(organizationId);
  };
  setImmediate(step);
}
