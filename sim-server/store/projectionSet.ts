// What the event log needs of the projections it drives: apply an event, forget, clear. The log is handed the set
// (composition/simProjections.ts builds the simulator's one from the concept folders), so the store knows no
// concept by name and imports none of them.
import type { StoredEvent } from './events.ts';
import type { ThingLiveState } from './thingLiveState.ts';

/** What projecting an event did that its subscribers need and the event does not say: for a telemetry sample, the
 * thing's live state after it (null when the sample was older than the latest and moved nothing). */
export type ProjectionOutcome = { liveState: ThingLiveState | null } | null;

export type Projections = {
  /** Projects one event; returns its outcome (null for all but telemetry). */
  apply(event: StoredEvent): ProjectionOutcome;
  /** The live state of a thing as stored. */
  liveStateOf(thingKey: number): ThingLiveState;
  /** Drops what the projections remember between events (thing keys, live states, held trip samples): after a rolled-back
   * transaction, or when another connection wrote to the file. */
  forget(): void;
  /** Changes whenever things' registration data or who sees them may have changed (read models cache by it).
   * Any future event that edits a thing, renames an organization or changes sharing must move it too. */
  thingsVersion(): number;
  /** Empties every projection table (the log stays). */
  clear(): void;
};

/** Projections that hold telemetry samples outside the log (the simulator's trip store), which log retention trims
 * with the log: the one part of the trip store the store itself calls. */
export type TrimmableProjections = Projections & {
  trips: {
    /** Removes the thing's samples taken before `cutoff`; returns how many. */
    trimBefore(thingKey: number, cutoff: number): number;
  };
};
