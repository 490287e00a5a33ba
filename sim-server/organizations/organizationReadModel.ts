// Organizations as the profile call returns them (access §3, defined in domain/organizations/profileRecord.ts),
// with their managers and accessors.
import type { OrganizationLinks } from '#domain/organizations/organizationAccess';
import type { OrganizationRefRecord, OrganizationWireRecord } from '#domain/organizations/profileRecord';
import type { SqliteDatabase } from '../store/database.ts';

export type OrganizationRef = OrganizationRefRecord;
export type OrganizationJson = OrganizationWireRecord;

type OrganizationRow = Omit<
  OrganizationJson,
  | 'organization_type'
  | 'organization_managers'
  | 'organization_accessors'
  | 'show_infinite_timeout_option'
  | 'is_wzdx_org'
  | 'is_large_org'
  | 'is_responder'
> & {
  type_name: string;
  acs: number;
  show_infinite_timeout_option: number;
  is_wzdx_org: number;
  is_large_org: number;
  is_responder: number;
};

export type OrganizationReadModel = {
  byId(organizationId: string): OrganizationJson | null;
  linksOf(organizationId: string): OrganizationLinks;
};

export function createOrganizationReadModel(db: SqliteDatabase): OrganizationReadModel {
  const selectOrganization = db.prepare<[string], OrganizationRow>(`
    SELECT o.*, b.billing_id AS maxio_cust_id FROM organizations o
    LEFT JOIN billing_accounts b ON b.organization_id = o.id WHERE o.id = ?`);
  // Who links to this organization: its managers ('manages') and accessors ('accesses').
  const selectLinkedBy = db.prepare<[string, string], OrganizationRef>(`
    SELECT o.id, o.name FROM organization_links l JOIN organizations o ON o.id = l.organization_id
    WHERE l.linked_organization_id = ? AND l.link = ? ORDER BY o.name, o.id`);
  const selectLinksFrom = db.prepare<[string, string], { id: string }>(`
    SELECT l.linked_organization_id AS id FROM organization_links l JOIN organizations o
      ON o.id = l.linked_organization_id
    WHERE l.organization_id = ? AND l.link = ? ORDER BY o.name, o.id`);

  return {
    byId(organizationId) {
      const row = selectOrganization.get(organizationId);
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        address1: row.address1,
        address2: row.address2,
        city: row.city,
        state: row.state,
        postal_code: row.postal_code,
        country_code: row.country_code,
        lat: row.lat,
        lng: row.lng,
        timezone: row.timezone,
        organization_type: { name: row.type_name, acs: row.acs === 1 },
        show_infinite_timeout_option: row.show_infinite_timeout_option === 1,
        organization_managers: selectLinkedBy.all(row.id, 'manages'),
        organization_accessors: selectLinkedBy.all(row.id, 'accesses'),
        is_wzdx_org: row.is_wzdx_org === 1,
        is_large_org: row.is_large_org === 1,
        is_responder: row.is_responder === 1,
        maxio_cust_id: row.maxio_cust_id,
      };
    },
    linksOf(organizationId) {
      return {
        ownOrganizationId: organizationId,
        managedOrganizationIds: selectLinksFrom.all(organizationId, 'manages').map((row) => row.id),
        accessedOrganizationIds: selectLinksFrom.all(organizationId, 'accesses').map((row) => row.id),
      };
    },
  };
}
