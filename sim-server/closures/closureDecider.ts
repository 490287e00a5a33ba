// Deciding closure writes (live §7: create, update by the whole form or the quick switch, delete) and folding
// closure events, without IO. Feed closures belong to their feed: the dashboard may neither create, edit nor delete
// them ("not managed"). A WZDx id names one closure ("violates unique"). Refusal texts are those live §8 reads.
import type { ClosureRecord, ClosureSave } from '#domain/closures/closureRecord';
import {
  closureProblems,
  closureQuickUpdateProblems,
  isQuickUpdate,
  missingFormFields,
  type ClosureWrite,
} from '#domain/closures/closureRules';
import {
  accept,
  badRequest,
  FORBIDDEN,
  notFound,
  ORGANIZATION_NOT_FOUND_REFUSAL,
  unprocessable,
  type CallerReach,
  type Decision,
  type DecisionContext,
} from '../kernel/decision.ts';
import type { SimEvent } from '../store/events.ts';
import { closureRecord, quicklyUpdatedClosure } from './closureWrites.ts';

export const CLOSURE_NOT_FOUND = 'Closure not found';
export const CLOSURE_NOT_MANAGED = 'Closure not managed by Dashboard: it comes from a feed';
export const WZDX_ID_TAKEN = 'duplicate key value violates unique constraint "closures_by_external_id"';
export const CLOSURE_ID_TAKEN = 'duplicate key value violates unique constraint "closures_pkey"';
export const ASSET_NOT_ALLOWED = 'Asset is not allowed for closures of this organization';

export type ClosureCommand =
  | { type: 'CreateClosure'; caller: CallerReach; organizationId: string; save: ClosureSave }
  | { type: 'UpdateClosure'; caller: CallerReach; closureId: string; save: ClosureSave }
  | { type: 'DeleteClosure'; caller: CallerReach; closureId: string };

/** The organization a closure is saved in, as the save needs it. */
export type ClosureOrganization = {
  id: string;
  name: string;
  type_name: string;
  is_wzdx_org: boolean;
  /** IANA zone: "three months ahead" is counted on its calendar. */
  timezone: string;
};

/** An asset the body names, as the organization sees it (null when it does not). */
export type ClosureAsset = {
  id: string;
  nickname: string | null;
  system_identifier: string;
  registry_number: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  is_allowed_for_closures: boolean;
  heartbeat_at: number | null;
};

export type ClosureState = {
  /** The closure the command names (for a create, the one already under the requested id), as its events left it. */
  closure: ClosureRecord | null;
  /** The organization the save goes to: the requested one for a create, the closure's own for an update. */
  organization: ClosureOrganization | null;
  asset: ClosureAsset | null;
  /** The id of the closure that holds the body's WZDx id, if any. */
  externalIdHolder: string | null;
};

export const NO_CLOSURE_STATE: ClosureState = {
  closure: null,
  organization: null,
  asset: null,
  externalIdHolder: null,
};

export type ClosureEvent = Extract<SimEvent, { type: 'ClosureSaved' | 'ClosureDeleted' }>;

/** An id to create under: the body's, unless null or empty. */
export function requestedClosureId(save: ClosureSave): string | null {
  return save.uuid ? save.uuid : null;
}

function saved(record: ClosureRecord): Decision {
  return accept({
    event: { type: 'ClosureSaved', data: record },
    streamId: record.id,
    organizationId: record.organization.id,
  });
}

/** The closure an update or delete names, when the caller may change it; else the refusal. */
function changeable(caller: CallerReach, closure: ClosureRecord | null): ClosureRecord | Decision {
  if (closure === null || !caller.reachable.has(closure.organization.id)) return notFound(CLOSURE_NOT_FOUND);
  if (!caller.writable.has(closure.organization.id)) return FORBIDDEN;
  if (closure.closure_type === 'feed' || !closure.is_dashboard_managed)
    return unprocessable(CLOSURE_NOT_MANAGED);
  return closure;
}

/** Checks a whole-form body and builds the record to save. */
function fromForm(
  save: ClosureSave,
  id: string,
  state: ClosureState,
  previous: ClosureRecord | null,
  now: number,
): Decision {
  const missing = missingFormFields(save);
  if (missing.length > 0) return badRequest(...missing);
  const write = save as ClosureWrite;
  const { organization } = state;
  if (!organization) return ORGANIZATION_NOT_FOUND_REFUSAL;
  if (write.closure_type === 'feed' && previous === null) return unprocessable(CLOSURE_NOT_MANAGED);
  const problems = closureProblems(write, {
    now,
    isWzdxOrg: organization.is_wzdx_org,
    timeZone: organization.timezone,
  });
  if (problems.length > 0) return badRequest(...problems);
  let thing: ClosureRecord['thing'] = null;
  if (write.thing_id) {
    const asset = state.asset;
    if (!asset || asset.id !== write.thing_id || !asset.is_allowed_for_closures)
      return unprocessable(ASSET_NOT_ALLOWED);
    const { heartbeat_at, is_allowed_for_closures: _allowed, ...fields } = asset;
    thing = {
      ...fields,
      heartbeat_datetime: heartbeat_at === null ? null : new Date(heartbeat_at).toISOString(),
    };
  }
  if (write.external_id?.trim() && state.externalIdHolder !== null && state.externalIdHolder !== id)
    return unprocessable(WZDX_ID_TAKEN);
  return saved(
    closureRecord({
      id,
      write,
      organization: {
        id: organization.id,
        name: organization.name,
        organization_type: organization.type_name,
      },
      thing,
      previous,
      now,
    }),
  );
}

export function decideClosure(
  command: ClosureCommand,
  state: ClosureState,
  context: DecisionContext,
): Decision {
  switch (command.type) {
    case 'CreateClosure': {
      const { caller, organizationId, save } = command;
      if (!caller.reachable.has(organizationId)) return ORGANIZATION_NOT_FOUND_REFUSAL;
      if (!caller.writable.has(organizationId)) return FORBIDDEN;
      // An id in use by a closure the caller sees is refused as taken. One held beyond their reach must not say
      // so (issue 24: "duplicate key" confirmed another organization's closure): the closure is made under a new
      // id, as when no id is sent, and the caller reads the id it got from the answer.
      if (state.closure && caller.reachable.has(state.closure.organization.id))
        return unprocessable(CLOSURE_ID_TAKEN);
      const id = state.closure ? context.newId() : (requestedClosureId(save) ?? context.newId());
      return fromForm(save, id, state, null, context.now);
    }
    case 'UpdateClosure': {
      const previous = changeable(command.caller, state.closure);
      if ('accepted' in previous || 'refused' in previous) return previous;
      const { save } = command;
      if (isQuickUpdate(save)) {
        const timeZone = state.organization?.timezone ?? 'UTC';
        const problems = closureQuickUpdateProblems(save, context.now, timeZone);
        if (problems.length > 0) return badRequest(...problems);
        return saved(quicklyUpdatedClosure(previous, save.is_active, save.end_time, context.now));
      }
      return fromForm(save, previous.id, state, previous, context.now);
    }
    case 'DeleteClosure': {
      const closure = changeable(command.caller, state.closure);
      if ('accepted' in closure || 'refused' in closure) return closure;
      return accept({
        event: { type: 'ClosureDeleted', data: { id: closure.id } },
        streamId: closure.id,
        organizationId: closure.organization.id,
      });
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown closure command ${JSON.stringify(unexpected)}`);
    }
  }
}

/** A save is the whole record; a deletion leaves nothing. */
export function evolveClosure(state: ClosureState, event: ClosureEvent): ClosureState {
  switch (event.type) {
    case 'ClosureSaved':
      return { ...state, closure: event.data };
    case 'ClosureDeleted':
      return { ...state, closure: null };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown closure event ${JSON.stringify(unexpected)}`);
    }
  }
}
