// Every decision of the organization profile saves (issue 14; access §6), without Fastify: given the stream's
// events, when a save, then the events or the refusal.
import { describe, it } from 'vitest';
import type { OrganizationSave } from '#domain/organizations/organizationAddress';
import {
  decideOrganization,
  evolveOrganization,
  NO_ORGANIZATION_STATE,
  type OrganizationCommand,
  type OrganizationEvent,
  type OrganizationState,
} from '#sim/organizations/organizationDecider';
import type { OrganizationRecord } from '#sim/store/events';
import { given, type Decider } from '../support/givenWhenThen.ts';
import { ACCESSED, MANAGED, OWN } from '../support/callerOrganizations.ts';

describe('organization profile saves', () => {
  const organizations: Decider<OrganizationCommand, OrganizationState, OrganizationEvent> = {
    initial: NO_ORGANIZATION_STATE,
    evolve: evolveOrganization,
    decide: decideOrganization,
  };
  const caller = { reachable: new Set([OWN, MANAGED, ACCESSED]), writable: new Set([OWN, MANAGED]) };
  const registered = (id: string): OrganizationEvent => ({
    type: 'OrganizationRegistered',
    data: {
      id,
      name: 'Old name',
      address1: '',
      address2: '',
      city: '',
      state: '',
      postal_code: '',
      country_code: 'US',
    } as OrganizationRecord,
  });
  const save: OrganizationSave = {
    name: 'Lakeside',
    address1: '1 Main St',
    address2: null,
    city: 'Toronto',
    state: 'ON',
    postal_code: 'm5v 2t6',
    country_code: 'ca',
  };
  const update = (organizationId: string, body = save): OrganizationCommand => ({
    type: 'UpdateOrganization',
    caller,
    organizationId,
    save: body,
  });

  it('saves its own or a managed organization with the country upper-cased', () => {
    for (const id of [OWN, MANAGED]) {
      given(organizations, [registered(id)])
        .when(update(id))
        .thenEvents([
          {
            event: {
              type: 'OrganizationProfileUpdated',
              data: {
                id,
                name: 'Lakeside',
                address1: '1 Main St',
                address2: '',
                city: 'Toronto',
                state: 'ON',
                postal_code: 'm5v 2t6',
                country_code: 'CA',
              },
            },
            streamId: id,
            organizationId: id,
          },
        ]);
    }
  });

  it('forbids an accessed one and does not know one out of reach', () => {
    given(organizations, [registered(ACCESSED)])
      .when(update(ACCESSED))
      .thenRefused({ kind: 'forbidden' });
    given(organizations, [registered('org-far')])
      .when(update('org-far'))
      .thenRefused({ kind: 'unprocessable', text: 'Organization not found' });
    given(organizations)
      .when(update(OWN))
      .thenRefused({ kind: 'unprocessable', text: 'Organization not found' });
  });

  it('names every address problem', () => {
    given(organizations, [registered(OWN)])
      .when(update(OWN, { ...save, address1: '', state: '', country_code: 'US', postal_code: '' }))
      .thenRefused({
        kind: 'bad_request',
        problems: ['address1: Required', 'state: Required', 'postal_code: Invalid zip code'],
      });
  });
});
