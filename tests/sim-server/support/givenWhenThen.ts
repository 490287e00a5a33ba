// given(events) / when(command) / then(events or refusal) for the simulator's pure deciders: the state is the fold of
// the given events with the decider's `evolve`, the decision is `decide(command, state, context)`, and the checks
// compare what was decided with what the product says, without Fastify or SQLite.
import { expect } from 'vitest';
import type { DecisionContext, Decided, Decision, Refusal } from '#sim/kernel/decision';

export type Decider<Command, State, Event> = {
  initial: State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State, context: DecisionContext) => Decision;
};

const FIXED_CONTEXT: DecisionContext = { now: Date.parse('2026-03-02T15:00:00Z'), newId: () => 'new-id' };

/** The state folded from `events`, starting from `initial` (the decider's own unless given: facts the decision reads
 * beside its stream, such as the organization a closure goes to). */
export function given<Command, State, Event>(
  decider: Decider<Command, State, Event>,
  events: readonly Event[] = [],
  initial: State = decider.initial,
) {
  const state = events.reduce(decider.evolve, initial);
  return {
    state,
    when(command: Command, context: Partial<DecisionContext> = {}) {
      const decision = decider.decide(command, state, { ...FIXED_CONTEXT, ...context });
      return {
        decision,
        /** The decision accepted exactly these events (compared with the stream and the owner). */
        thenEvents(expected: readonly Decided[]) {
          expect(decision).toEqual({ accepted: expected });
        },
        /** The decision refused with exactly this refusal. */
        thenRefused(expected: Refusal) {
          expect(decision).toEqual({ refused: expected });
        },
        /** The events accepted, for checks that look inside them. */
        accepted(): readonly Decided[] {
          if (!('accepted' in decision)) throw new Error(`refused: ${JSON.stringify(decision.refused)}`);
          return decision.accepted;
        },
      };
    },
  };
}
