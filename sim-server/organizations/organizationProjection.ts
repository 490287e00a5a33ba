// Projects organizations and the links between them onto the organizations and organization_links tables.
import { toFlag, type SqliteDatabase } from '../store/database.ts';
import type { OrganizationLinkRecord, OrganizationRecord, StoredEvent } from '../store/events.ts';

export type OrganizationStoredEvent = Extract<
  StoredEvent,
  { type: 'OrganizationRegistered' | 'OrganizationLinked' }
>;

export type OrganizationProjection = { apply(event: OrganizationStoredEvent): void };

export function createOrganizationProjection(db: SqliteDatabase): OrganizationProjection {
  const insertOrganization = db.prepare(`
    INSERT INTO organizations (id, name, email, address1, address2, city, state, postal_code, country_code, lat, lng,
      timezone, type_name, acs, show_infinite_timeout_option, is_wzdx_org, is_large_org, is_responder, updated_at)
    VALUES (@id, @name, @email, @address1, @address2, @city, @state, @postal_code, @country_code, @lat, @lng,
      @timezone, @type_name, @acs, @show_infinite_timeout_option, @is_wzdx_org, @is_large_org, @is_responder,
      @updated_at)`);
  const insertLink = db.prepare(`
    INSERT INTO organization_links (organization_id, linked_organization_id, link)
    VALUES (@organization_id, @linked_organization_id, @link)
    ON CONFLICT (organization_id, linked_organization_id) DO UPDATE SET link = excluded.link`);
  const touchOrganization = db.prepare('UPDATE organizations SET updated_at = ? WHERE id IN (?, ?)');

  function registerOrganization(record: OrganizationRecord, recordedAt: number) {
    insertOrganization.run({
      id: record.id,
      name: record.name,
      email: record.email,
      address1: record.address1,
      address2: record.address2,
      city: record.city,
      state: record.state,
      postal_code: record.postal_code,
      country_code: record.country_code,
      lat: record.lat,
      lng: record.lng,
      timezone: record.timezone,
      type_name: record.organization_type.name,
      acs: toFlag(record.organization_type.acs),
      show_infinite_timeout_option: toFlag(record.show_infinite_timeout_option),
      is_wzdx_org: toFlag(record.is_wzdx_org),
      is_large_org: toFlag(record.is_large_org),
      is_responder: toFlag(record.is_responder),
      updated_at: recordedAt,
    });
  }

  function linkOrganizations(record: OrganizationLinkRecord, recordedAt: number) {
    insertLink.run(record);
    touchOrganization.run(recordedAt, record.organization_id, record.linked_organization_id);
  }

  return {
    apply(event) {
      switch (event.type) {
        case 'OrganizationRegistered':
          return registerOrganization(event.data, event.recordedAt);
        case 'OrganizationLinked':
          return linkOrganizations(event.data, event.recordedAt);
        default: {
          const unexpected: never = event;
          throw new Error(`No organization projection for ${JSON.stringify(unexpected)}`);
        }
      }
    },
  };
}
