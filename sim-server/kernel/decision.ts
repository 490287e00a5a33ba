// What a decider answers: the events to append, or a refusal with the answer the caller gets. Deciders are pure
// (`decide(command, state, { now, newId })`); routes parse, then load the state from read repositories, decide, and
// append the events inside one write (http/routeSupport.ts `appendDecision`, through kernel/recordDecided.ts), so a
// cluster node decides on the state after every earlier write of the cluster (docs/scale-out.md).
import type { SimEvent } from '../store/events.ts';

/** An event with the stream it belongs to and the organization that owns that stream. */
export type Decided = { event: SimEvent; streamId: string; organizationId: string };

export type Refusal =
  /** 400: the body breaks a rule; each problem is "field: text". */
  | { kind: 'bad_request'; problems: readonly string[] }
  /** 403: the caller may read but not write, or lacks a permission; sometimes with a message saying why. */
  | { kind: 'forbidden'; message?: string }
  /** 404 `{ error: text }`: the entity is unknown or out of the caller's sight. */
  | { kind: 'not_found'; text: string }
  /** 404 `{ error: "Organization not found" }`. */
  | { kind: 'organization_not_found' }
  /** 422 `{ error: text, message: text }`: a refused write, in the words the dashboard's catalogue reads. */
  | { kind: 'unprocessable'; text: string };

export type Decision = { accepted: readonly Decided[] } | { refused: Refusal };

/** What a decider gets from the edge besides the command and the state. */
export type DecisionContext = { now: number; newId: () => string };

export const accept = (...accepted: Decided[]): Decision => ({ accepted });
export const refuse = (refused: Refusal): Decision => ({ refused });
export const unprocessable = (text: string): Decision => refuse({ kind: 'unprocessable', text });
export const notFound = (text: string): Decision => refuse({ kind: 'not_found', text });
export const badRequest = (...problems: string[]): Decision => refuse({ kind: 'bad_request', problems });
export const FORBIDDEN: Decision = { refused: { kind: 'forbidden' } };
export const ORGANIZATION_NOT_FOUND_REFUSAL: Decision = { refused: { kind: 'organization_not_found' } };

/** Which organizations a caller sees and which it may write to (its own and those it manages). */
export type CallerReach = { reachable: ReadonlySet<string>; writable: ReadonlySet<string> };
