// Deciding an organization profile save (access §7 `PUT /organization/{id}`, §5 "Organization address") and folding
// its events, without IO. The caller's own organization and those it manages may be edited; one it only accesses is
// read-only, and any other is "Organization not found" (access §8).
import {
  organizationAddressProblems,
  type OrganizationSave,
} from '#domain/organizations/organizationAddress';
import {
  accept,
  badRequest,
  FORBIDDEN,
  unprocessable,
  type CallerReach,
  type Decision,
  type DecisionContext,
} from '../kernel/decision.ts';
import type { OrganizationProfileRecord, SimEvent } from '../store/events.ts';

export const ORGANIZATION_NOT_FOUND_TEXT = 'Organization not found';

export type OrganizationCommand = {
  type: 'UpdateOrganization';
  caller: CallerReach;
  organizationId: string;
  save: OrganizationSave;
};

export type OrganizationState = { organization: OrganizationProfileRecord | null };

export const NO_ORGANIZATION_STATE: OrganizationState = { organization: null };

export type OrganizationEvent = Extract<
  SimEvent,
  { type: 'OrganizationRegistered' | 'OrganizationProfileUpdated' }
>;

export function decideOrganization(
  command: OrganizationCommand,
  state: OrganizationState,
  _context: DecisionContext,
): Decision {
  switch (command.type) {
    case 'UpdateOrganization': {
      const { caller, save } = command;
      const organization = state.organization;
      if (!organization || !caller.reachable.has(organization.id))
        return unprocessable(ORGANIZATION_NOT_FOUND_TEXT);
      if (!caller.writable.has(organization.id)) return FORBIDDEN;
      const problems = organizationAddressProblems(save);
      const fields = Object.entries(problems);
      if (fields.length > 0) return badRequest(...fields.map(([field, text]) => `${field}: ${text}`));
      return accept({
        event: {
          type: 'OrganizationProfileUpdated',
          data: {
            id: organization.id,
            name: save.name,
            address1: save.address1,
            address2: save.address2 ?? '',
            city: save.city,
            state: save.state,
            postal_code: save.postal_code,
            country_code: save.country_code.toUpperCase(),
          },
        },
        streamId: organization.id,
        organizationId: organization.id,
      });
    }
    default: {
      const unexpected: never = command.type;
      throw new Error(`Unknown organization command ${JSON.stringify(unexpected)}`);
    }
  }
}

export function evolveOrganization(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  switch (event.type) {
    case 'OrganizationRegistered': {
      const { id, name, address1, address2, city, state: region, postal_code, country_code } = event.data;
      return {
        organization: { id, name, address1, address2, city, state: region, postal_code, country_code },
      };
    }
    case 'OrganizationProfileUpdated':
      return { organization: event.data };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown organization event ${JSON.stringify(unexpected)}`);
    }
  }
}
