// The organization switcher's list (access §2 "Organization switcher", mobile dropdown): search shown above
// 5 options, names matched case-insensitively, and the heading that says how many are shown.
import type { Organization } from '#domain/organizations/organization';

export const SEARCH_THRESHOLD = 5;
export const SWITCH_HINT = 'Switch to another managed organization';
export const ORGANIZATION_SEARCH_PLACEHOLDER = 'Search for an organization...';
/** The mobile top bar truncates the organization name (access §9). */
export const MOBILE_NAME_LIMIT = 70;

export function showsSearch(organizations: readonly Organization[]): boolean {
  return organizations.length > SEARCH_THRESHOLD;
}

export function filterOrganizations(organizations: readonly Organization[], query: string): Organization[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...organizations];
  return organizations.filter((organization) => organization.name.toLocaleLowerCase().includes(needle));
}

/** "Organizations (n)", or "displaying x/n" while a search narrows the list. */
export function organizationsHeading(shown: number, total: number, query: string): string {
  return query.trim() ? `displaying ${shown}/${total}` : `Organizations (${total})`;
}

export function truncateName(name: string, limit: number = MOBILE_NAME_LIMIT): string {
  const characters = [...name];
  return characters.length > limit ? `${characters.slice(0, limit).join('')}…` : name;
}
