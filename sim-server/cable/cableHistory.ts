// The event log as the cable's history (docs/cable.md "Resumable streams"). A stream's offsets are the seqs of the
// log events its messages come from, so a client that last saw offset N is sent exactly what the live broadcaster
// sent after N: the same events, read back from SQLite and mapped by the one mapping (`cableDeliveriesOf`). The
// epoch names the log itself: the same across restarts, new when the log is created anew.
//
// What the log does not hold is recomputed as the projections compute it: a telemetry message carries the thing's
// live state after the sample (street, run), which `nextLiveState` derives from the state before; the history
// replays the rule forward from each thing's state at the start (cableHistorySeeds.ts: the log read backwards from
// there, down to the nearest picture checkpoint when there is one), or from the states a previous reader ended with
// at that very position (a replay's next page).
// Who hears a message is the audience now, and a `thing` message carries the thing as it is now, as the live
// broadcast does at its commit; a share granted or revoked inside the gap is therefore applied to the whole gap.
import { createHash } from 'node:crypto';
import type { EventLog } from '../store/eventLog.ts';
import { isTelemetryType, storedEventOf, type EventRow } from '../store/eventStore.ts';
import { createCheckpointStates } from '../store/checkpointStates.ts';
import { firstLogEventFrom, readLogPage } from '../store/logReader.ts';
import { NO_LIVE_STATE, nextLiveState, type ThingLiveState } from '../store/thingLiveState.ts';
import { createHistorySeeds } from './cableHistorySeeds.ts';
import type {
  CableHistoryPage,
  CableHistoryReader,
  CableHistorySource,
  CableHistoryStart,
} from './broadcaster.ts';
import { cableDeliveriesOf } from './committedBroadcasts.ts';
import type { ThingAudienceReader } from '../things/thingAudience.ts';
import { broadcastMessageJson } from './protocol.ts';
import type { AlarmRaisedReader } from '../alarms/alarmRepository.ts';

export type CableHistoryLimits = {
  /**
   * Log positions one replay may cover (100 s of 10,000 devices at 1 Hz, read in slices between which the event
   * loop runs); a longer gap gets `reject_history` and the client reloads.
   */
  maxEvents: number;
  /** How far back (log positions) the start state of a thing is looked for (cableHistorySeeds.ts). */
  maxSeedScan: number;
};

export const CABLE_HISTORY_LIMITS: CableHistoryLimits = { maxEvents: 1_000_000, maxSeedScan: 200_000 };

const PAGE = 5_000;
/** Readers' end states kept for a following page: a few replays reading on at once. */
const KEPT_END_STATES = 8;

/** The log's rows after `cursor`, up to `lastSeq` and at most `maxPositions` read, that `wanted` keeps; `end`: the
 * position reached. */
function readRows(
  log: EventLog,
  cursor: number,
  lastSeq: number,
  maxPositions: number,
  wanted: (row: EventRow) => boolean,
): { rows: EventRow[]; end: number } {
  const rows: EventRow[] = [];
  let read = 0;
  let end = cursor;
  while (end < lastSeq && read < maxPositions) {
    const page = readLogPage(log.db, end, lastSeq, Math.min(PAGE, maxPositions - read));
    if (page.length === 0) return { rows, end: lastSeq };
    for (const row of page) if (wanted(row)) rows.push(row);
    read += page.length;
    end = page[page.length - 1]?.seq ?? lastSeq;
  }
  return { rows, end };
}

/** The messages `rows` send the organization, carrying each thing's live state forward in `states`. */
function messagesOf(
  rows: readonly EventRow[],
  states: Map<string, ThingLiveState>,
  organizationId: string,
  things: ThingAudienceReader,
  alarms: AlarmRaisedReader | undefined,
): { offsets: number[]; messages: string[]; recordedAts: number[] } {
  const offsets: number[] = [];
  const messages: string[] = [];
  const recordedAts: number[] = [];
  for (const row of rows) {
    const event = storedEventOf(row);
    let outcome: { liveState: ThingLiveState | null } | null = null;
    if (event.type === 'PointRecorded' || event.type === 'HeartbeatRecorded') {
      const previous = states.get(event.streamId) ?? NO_LIVE_STATE;
      const liveState = nextLiveState(previous, event.data, event.seq);
      if (liveState) states.set(event.streamId, liveState);
      outcome = { liveState };
    }
    for (const delivery of cableDeliveriesOf({ event, outcome }, things, alarms)) {
      if (!delivery.organizationIds.includes(organizationId)) continue;
      offsets.push(event.seq);
      messages.push(broadcastMessageJson(delivery.type, delivery.data));
      recordedAts.push(row.recorded_at);
    }
  }
  return { offsets, messages, recordedAts };
}

export function createCableHistory(
  log: EventLog,
  things: ThingAudienceReader,
  limits: CableHistoryLimits = CABLE_HISTORY_LIMITS,
  alarms?: AlarmRaisedReader,
): CableHistorySource {
  const { db } = log;
  // Sealed telemetry and rows alike (store/logReader.ts): the epoch and the offsets do not move when rows are sealed.
  const firstEvent = { get: () => firstLogEventFrom(db, 1) };
  const retention = db.prepare<[], { retained_after_seq: number; cutoff_at: number }>(
    'SELECT retained_after_seq, cutoff_at FROM log_retention WHERE id = 1',
  );
  const recordedAtFrom = { get: (seq: number) => firstLogEventFrom(db, seq) };
  const seeds = createHistorySeeds(db, limits.maxSeedScan, createCheckpointStates(db));
  /**
   * The things' live states where a reader stopped, by that log position: a replay asks for its next page from
   * there, and starting from them saves seeding every thing again (the seeding reads up to a checkpoint interval of
   * the log, several times a page of a replay). A state holds for any organization; insertion order is age.
   */
  const endStates = new Map<number, ReadonlyMap<string, ThingLiveState>>();
  const keepEndStates = (position: number, states: ReadonlyMap<string, ThingLiveState>) => {
    endStates.delete(position);
    endStates.set(position, states);
    for (const oldest of endStates.keys()) {
      if (endStates.size <= KEPT_END_STATES) break;
      endStates.delete(oldest);
    }
  };
  let epoch: string | null = null;

  function currentEpoch(): string {
    if (epoch !== null) return epoch;
    // A cluster node: the shared log's own identity, the same on every node (docs/scale-out.md "The write path").
    if (log.shared) return (epoch = log.shared.epoch);
    const first = firstEvent.get();
    if (!first) return 'empty';
    epoch = createHash('sha256')
      .update(`${first.seq}:${first.stream_id}:${first.recorded_at}`)
      .digest('hex')
      .slice(0, 12);
    return epoch;
  }

  /** The first seq recorded at or after `sinceMs` (the log is in time order), found by bisection on seq. */
  function firstSeqSince(sinceMs: number, lastSeq: number): number {
    let low = 1;
    let high = lastSeq + 1;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const row = recordedAtFrom.get(middle);
      if (!row) high = middle;
      else if (row.recorded_at >= sinceMs) high = middle;
      else low = row.seq + 1;
    }
    return low;
  }

  function open(organizationId: string, start: CableHistoryStart): CableHistoryReader | null {
    const lastSeqAtStart = log.committedSeq();
    const retained = retention.get();
    let afterOffset: number;
    if ('afterOffset' in start) {
      afterOffset = start.afterOffset;
    } else {
      if (retained && start.sinceMs < retained.cutoff_at) return null;
      afterOffset = firstSeqSince(start.sinceMs, lastSeqAtStart) - 1;
    }
    // Telemetry up to `retained_after_seq` may be gone: a position before it cannot be resumed exactly.
    if (retained && afterOffset < retained.retained_after_seq) return null;
    if (afterOffset > lastSeqAtStart || lastSeqAtStart - afterOffset > limits.maxEvents) return null;

    const hears = (thingId: string) => things.audienceOf(thingId).includes(organizationId);
    /** Each thing's live state as the replay has it; seeded when the thing first shows up. */
    const states = new Map<string, ThingLiveState>(endStates.get(afterOffset) ?? []);
    /** Things whose telemetry was skipped while their state was held (no longer heard): never kept for later. */
    const skipped = new Set<string>();
    let cursor = afterOffset;

    return {
      next(maxPositions) {
        // Read to the log's end as it is now: nothing commits during this synchronous step.
        const lastSeq = log.committedSeq();
        things.forgetWhenChanged();
        const unseeded = new Set<string>();
        // Telemetry of things the organization does not see is most of a busy log: skipped before parsing.
        const { rows, end } = readRows(log, cursor, lastSeq, maxPositions, (row) => {
          if (!isTelemetryType(row.type)) return true;
          if (!hears(row.stream_id)) {
            if (states.has(row.stream_id)) skipped.add(row.stream_id);
            return false;
          }
          if (!states.has(row.stream_id)) unseeded.add(row.stream_id);
          return true;
        });
        cursor = end;
        // A thing first met in this slice had no event since the start: its state there is its state at the start.
        for (const [thingId, state] of seeds.seedsBefore(afterOffset, unseeded)) states.set(thingId, state);
        const { offsets, messages, recordedAts } = messagesOf(rows, states, organizationId, things, alarms);
        const kept = new Map(states);
        for (const thingId of skipped) kept.delete(thingId);
        keepEndStates(cursor, kept);
        const done = cursor >= lastSeq;
        return { offsets, messages, recordedAts, lastOffset: done ? lastSeq : cursor, done };
      },
    };
  }

  function read(organizationId: string, start: CableHistoryStart): CableHistoryPage | null {
    const reader = open(organizationId, start);
    if (reader === null) return null;
    const whole: CableHistoryPage = { offsets: [], messages: [], lastOffset: 0 };
    for (;;) {
      const slice = reader.next(Number.POSITIVE_INFINITY);
      // One by one: a long slice would overflow the stack as spread arguments.
      for (const offset of slice.offsets) whole.offsets.push(offset);
      for (const message of slice.messages) whole.messages.push(message);
      whole.lastOffset = slice.lastOffset;
      if (slice.done) return whole;
    }
  }

  return { epoch: currentEpoch, read, open };
}
