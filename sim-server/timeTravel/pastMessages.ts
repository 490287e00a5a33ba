// The cable messages between two moments of the past, as the live stream sent them (docs/time-travel.md): the
// resumable streams' history reader (cable/cableHistory.ts) read in one slice from a log offset to the last
// position at or before `to`, so the mapping is the one the live broadcasts use, and each message gets the
// recording time of its log event (read by the reader with the event), which a replay paces itself by.
import type { CableHistoryPage, CableHistorySource } from '../cable/broadcaster.ts';
import type { PastLogRepository } from './pastLogRepository.ts';

export type PastMessagesRequest = {
  organizationId: string;
  afterSeq: number;
  untilSeq: number;
  maxPositions: number;
};

/** The page as response text (the messages are JSON text already), or null when the log no longer reaches back. */
export function readPastMessages(
  log: PastLogRepository,
  history: CableHistorySource,
  request: PastMessagesRequest,
): string | null {
  const { afterSeq, untilSeq } = request;
  if (afterSeq >= untilSeq) return `{"messages":[],"last_offset":${afterSeq},"done":true}`;
  const reader = history.open?.(request.organizationId, { afterOffset: afterSeq });
  if (!reader) return null;
  const slice = reader.next(Math.min(request.maxPositions, untilSeq - afterSeq));
  const lastOffset = Math.min(slice.lastOffset, untilSeq);
  const at = recordingTimes(log, slice, afterSeq, lastOffset);
  const parts: string[] = [];
  slice.offsets.forEach((offset, index) => {
    if (offset > lastOffset) return;
    parts.push(`{"offset":${offset},"at":${at(index)},"message":${slice.messages[index] ?? 'null'}}`);
  });
  const done = lastOffset >= untilSeq;
  return `{"messages":[${parts.join(',')}],"last_offset":${lastOffset},"done":${done}}`;
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
