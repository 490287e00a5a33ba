// The cable messages between two moments of the past, as the live stream sent them (docs/time-travel.md): the
// resumable streams' history reader (cable/cableHistory.ts) read from a log offset to the last position at or
// before `to`, so the mapping is the one the live broadcasts use, and each message gets the recording time of its
// log event (read by the reader with the event), which a replay paces itself by.
//
// Two rules on top (issue 34): a thing whose sharing changed is heard only inside the organization's windows
// (sharing/audienceWindows.ts), so the range is read in parts cut where the organization's view of such a thing
// turns, each with the audience of its first position (pastAudience.ts); and the page is read a slice at a time
// (slices cut by time, stepSizes.ts) and handed out as text chunks, the event loop running between slices and the
// next slice read only when the socket took the last (the route streams it), so a page never sits whole in memory
// and a client that does not read holds one slice.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CableHistoryPage, CableHistoryReader, CableHistorySource } from '../cable/broadcaster.ts';
import { turnsWithin } from '../sharing/audienceWindows.ts';
import type { AudienceHistories } from '../sharing/audienceHistoryRepository.ts';
import type { PastAudience } from './pastAudience.ts';
import type { PastLogRepository } from './pastLogRepository.ts';
import { createStepSizes, STEP_TARGET_MS } from './stepSizes.ts';

export type PastMessagesRequest = {
  organizationId: string;
  afterSeq: number;
  untilSeq: number;
  maxPositions: number;
};

export type PastMessagesSources = {
  log: PastLogRepository;
  history: CableHistorySource;
  /** The audience `history` was made with. */
  audience: PastAudience;
  histories: AudienceHistories;
};

/**
 * Log positions read between two turns of the event loop, by the time a slice takes (stepSizes.ts). At least 1,000:
 * every slice leaves its end states in the history reader's few kept ones (cable/cableHistory.ts), and slices much
 * smaller would push out those another replay's next page starts from.
 */
const SLICES = { targetMs: STEP_TARGET_MS, min: 1_000, max: 10_000 };

/**
 * The page as chunks of response text (the messages are JSON text already), or null when the log no longer
 * reaches back. Read lazily: each chunk after the first is read when the consumer asks for it.
 */
export function openPastMessages(
  sources: PastMessagesSources,
  request: PastMessagesRequest,
): AsyncGenerator<string> | null {
  const { afterSeq, untilSeq, organizationId } = request;
  const endSeq = Math.min(untilSeq, afterSeq + Math.max(request.maxPositions, 0));
  if (afterSeq >= endSeq) return emptyPage(afterSeq, afterSeq >= untilSeq);
  // Where the organization's view of a thing turns: each part is read with the audience of its first position.
  const cuts = new Set<number>([endSeq]);
  for (const history of sources.histories.changedThings().values())
    for (const turn of turnsWithin(history, organizationId, afterSeq, endSeq))
      if (turn - 1 > afterSeq) cuts.add(turn - 1);
  const ends = [...cuts].sort((a, b) => a - b);
  const first = openPart(sources, organizationId, afterSeq);
  if (first === null) return null;
  return pageChunks(sources, request, ends, first, untilSeq);
}

function openPart(
  sources: PastMessagesSources,
  organizationId: string,
  afterSeq: number,
): CableHistoryReader | null {
  return sources.history.open?.(organizationId, { afterOffset: afterSeq }) ?? null;
}

async function* emptyPage(afterSeq: number, done: boolean): AsyncGenerator<string> {
  yield `{"messages":[],"last_offset":${afterSeq},"done":${done}}`;
}

async function* pageChunks(
  sources: PastMessagesSources,
  request: PastMessagesRequest,
  ends: readonly number[],
  first: CableHistoryReader,
  untilSeq: number,
): AsyncGenerator<string> {
  const { organizationId } = request;
  let cursor = request.afterSeq;
  let reader: CableHistoryReader | null = first;
  let separator = '';
  const sizes = createStepSizes(SLICES);
  yield '{"messages":[';
  for (const end of ends) {
    if (reader === null) reader = openPart(sources, organizationId, cursor);
    // Retention passed the page while it was read: end it here; asking on from here answers 422.
    if (reader === null) break;
    while (cursor < end) {
      const started = performance.now();
      sources.audience.readAs({ organizationId, seq: cursor + 1 });
      const slice = reader.next(Math.min(sizes.next(), end - cursor));
      sources.audience.readAs(null);
      sizes.took(Math.max(slice.lastOffset - cursor, 0), performance.now() - started);
      const lastOffset = Math.min(slice.lastOffset, end);
      const parts = messagesOf(sources.log, slice, cursor, lastOffset);
      if (parts.length > 0) {
        yield separator + parts.join(',');
        separator = ',';
      }
      // Past `end` (positions missing from the log) the reader read with this part's audience: start afresh.
      if (slice.lastOffset > end) reader = null;
      const reachedLogEnd = slice.done || slice.lastOffset <= cursor;
      cursor = lastOffset;
      if (reachedLogEnd) break;
      await nextTurn();
      if (reader === null) break;
    }
    reader = null;
  }
  yield `],"last_offset":${cursor},"done":${cursor >= untilSeq}}`;
}

function messagesOf(
  log: PastLogRepository,
  slice: CableHistoryPage,
  afterSeq: number,
  lastOffset: number,
): string[] {
  const at = recordingTimes(log, slice, afterSeq, lastOffset);
  const parts: string[] = [];
  slice.offsets.forEach((offset, index) => {
    if (offset > lastOffset) return;
    parts.push(`{"offset":${offset},"at":${at(index)},"message":${slice.messages[index] ?? 'null'}}`);
  });
  return parts;
}

/**
 * The recording time of each message of the slice: the reader's own when it gives them (it read them with the
 * events), else read from the log again.
 */
function recordingTimes(
  log: PastLogRepository,
  slice: CableHistoryPage,
  afterSeq: number,
  lastOffset: number,
): (index: number) => number {
  const { recordedAts } = slice;
  if (recordedAts !== undefined) return (index) => recordedAts[index] ?? 0;
  const times = log.times(afterSeq, lastOffset);
  const byIndex: number[] = [];
  let timeIndex = 0;
  for (const offset of slice.offsets) {
    // Both lists are in log order: walk the times along with the offsets.
    while (timeIndex < times.length && (times[timeIndex]?.[0] ?? 0) < offset) timeIndex += 1;
    byIndex.push(times[timeIndex]?.[1] ?? 0);
  }
  return (index) => byIndex[index] ?? 0;
}
