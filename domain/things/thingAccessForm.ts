// The Organization access form (live §2 "Asset edit forms", §7 `PUT /things/{id}/associations`): which
// organizations it offers, each one's choice, and the changes Save sends. Read top to bottom: model, rules.
import type { ThingAssociationsSave } from './thingCommandBodies.ts';
import type { OrganizationRelation } from './thing.ts';

// ---------------------------------------------------------------------------------------------
// Model

export type AccessChoice = 'none' | 'manager' | 'accessor';
export type SharingCandidate = { id: string; name: string; choice: AccessChoice };

// ---------------------------------------------------------------------------------------------
// Rules

/**
 * The organizations the asset may be shared with: those it is shared with now, and the given ones (the viewed
 * organization's managers and accessors, the organizations the user may switch to), never its owner; by name.
 */
export function sharingCandidates(
  asset: { organizationId: string | null; relations: readonly OrganizationRelation[] },
  organizations: readonly { id: string; name: string }[],
): SharingCandidate[] {
  const byId = new Map<string, SharingCandidate>();
  for (const relation of asset.relations) {
    byId.set(relation.organizationId, {
      id: relation.organizationId,
      name: relation.organizationName,
      choice: relation.relationType,
    });
  }
  for (const organization of organizations) {
    if (organization.id === asset.organizationId || byId.has(organization.id)) continue;
    byId.set(organization.id, { id: organization.id, name: organization.name, choice: 'none' });
  }
  return [...byId.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** What changed, as the call's relationship list: a new or changed choice as itself, a removed one as `delete`. */
export function accessChanges(
  initial: Readonly<Record<string, AccessChoice>>,
  current: Readonly<Record<string, AccessChoice>>,
): ThingAssociationsSave['organization_relationships'] {
  const changes: ThingAssociationsSave['organization_relationships'] = [];
  for (const [organizationId, choice] of Object.entries(current)) {
    const before = initial[organizationId] ?? 'none';
    if (choice === before) continue;
    changes.push({
      organization_uuid: organizationId,
      relationship_type: choice === 'none' ? 'delete' : choice,
    });
  }
  return changes;
}
