// Switching the viewed organization (access §4): the live worker starts its picture over for the new organization
// (the live bridge tells it), and the drawer search is cleared.
import { switchOrganization } from '../../session/session.ts';
import { setThingSearch } from '../../session/thingsView.ts';

export function selectOrganization(organizationId: string): void {
  setThingSearch('');
  switchOrganization(organizationId);
}
