// The decision on a mutual-aid request (access §2, §7, §8): the caller's organization may ask support to share only
// assets it owns; the request is then recorded as an event (the request is the stream). Anything else is refused
// with the text the dashboard's catalogue reads for a 422, "Unable to send Mutual Aid Request".
import { UNABLE_TO_SEND, type MutualAidRequest } from '#domain/sharing/mutualAid';
import { accept, unprocessable, type Decision, type DecisionContext } from '../kernel/decision.ts';
import type { MutualAidRequestRecord } from '../store/events.ts';

export type MutualAidCommand = {
  type: 'RequestMutualAid';
  caller: { userId: string; organizationId: string; email: string; firstname: string; lastname: string };
  request: MutualAidRequest;
};

/** Which assets the caller's organization owns: a fact the decision reads beside its stream. */
export type MutualAidState = { ownedThingIds: ReadonlySet<string> };
export type MutualAidEvent = { type: 'ThingOwned'; thingId: string };

export const NO_MUTUAL_AID_STATE: MutualAidState = { ownedThingIds: new Set() };

export function evolveMutualAid(state: MutualAidState, event: MutualAidEvent): MutualAidState {
  return { ownedThingIds: new Set([...state.ownedThingIds, event.thingId]) };
}

export function decideMutualAid(
  command: MutualAidCommand,
  state: MutualAidState,
  context: DecisionContext,
): Decision {
  const { caller, request } = command;
  const thingIds = [...new Set(request.thing_uuids)];
  if (thingIds.some((thingId) => !state.ownedThingIds.has(thingId))) return unprocessable(UNABLE_TO_SEND);
  const data: MutualAidRequestRecord = {
    id: context.newId(),
    organization_id: caller.organizationId,
    requested_by: caller.userId,
    email: caller.email,
    // The form lets the requester correct their names; empty or absent names fall back to the stored ones.
    firstname: request.firstname?.trim() || caller.firstname,
    lastname: request.lastname?.trim() || caller.lastname,
    shared_org: request.shared_org.trim(),
    thing_uuids: thingIds,
    expiration: request.expiration,
    requested_at: new Date(context.now).toISOString(),
  };
  return accept({
    event: { type: 'MutualAidRequested', data },
    streamId: data.id,
    organizationId: caller.organizationId,
  });
}
