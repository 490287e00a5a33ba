// The organization whose live picture is shown, as the worker's pipeline takes it: the session's subscribed
// organization reduced to the fields the picture depends on, so a reloaded profile that changes none of them does
// not restart the picture.
import type { ViewedOrganization } from '#domain/live/liveEvents';
import type { Organization } from '#domain/organizations/organization';

export function viewedOrganizationOf(organization: Organization | null): ViewedOrganization | null {
  if (!organization) return null;
  const { id, name, isLargeOrg, isWzdxOrg, isResponder, countryCode } = organization;
  return { id, name, isLargeOrg, isWzdxOrg, isResponder, countryCode };
}

export function sameOrganization(a: ViewedOrganization | null, b: ViewedOrganization | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.isLargeOrg === b.isLargeOrg &&
    a.isWzdxOrg === b.isWzdxOrg &&
    a.isResponder === b.isResponder &&
    a.countryCode === b.countryCode
  );
}
