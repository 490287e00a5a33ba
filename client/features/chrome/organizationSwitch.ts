// Switching the viewed organization (access §4): the live picture restarts for the new organization (the layout's
// bridge is keyed on it, so it tears down, resets and resubscribes), and the drawer search is cleared.
import { switchOrganization } from '../../app/session.ts';
import { thingSearchText } from '../things/thingsView.ts';

export function selectOrganization(organizationId: string): void {
  thingSearchText.value = '';
  switchOrganization(organizationId);
}
