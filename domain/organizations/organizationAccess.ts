// Which organizations a user may look at: their own, those their organization manages and those it accesses
// (access §6). Requests naming any other organization are answered as if it did not exist.

export type OrganizationLinks = {
  ownOrganizationId: string;
  managedOrganizationIds: readonly string[];
  accessedOrganizationIds: readonly string[];
};

export function reachableOrganizationIds(links: OrganizationLinks): Set<string> {
  return new Set([
    links.ownOrganizationId,
    ...links.managedOrganizationIds,
    ...links.accessedOrganizationIds,
  ]);
}

/** The requested organizations the caller may not see; an empty list means the request may go ahead. */
export function unreachableOrganizationIds(
  requested: readonly string[],
  reachable: ReadonlySet<string>,
): string[] {
  return requested.filter((organizationId) => !reachable.has(organizationId));
}
