// The any-of permission rules of access §6 for the Accounts section, shared by the simulator's guards and the
// dashboard's tabs and controls. The route gates (routeGates.ts) open the screens with the viewing rules below.
import { VIEW_BILLING, VIEW_INTEGRATIONS, VIEW_USERS } from './routeGates.ts';

export { VIEW_BILLING, VIEW_INTEGRATIONS, VIEW_USERS };

/** Managing the organization's users is the Users tab's own rule: only an Org Admin has it. */
export const MANAGE_USERS: readonly string[] = VIEW_USERS;
export const EDIT_PROFILE: readonly string[] = ['user:update', 'user:manage'];
export const VIEW_ORGANIZATION: readonly string[] = [
  'organization:read',
  'organization:update',
  'organization:manage',
];
export const EDIT_ORGANIZATION: readonly string[] = ['organization:update', 'organization:manage'];
export const MANAGE_INTEGRATIONS: readonly string[] = ['integration_configuration:manage'];
