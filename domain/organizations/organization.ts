// Organizations own, manage or access assets (live §3 "Organization state", access §3 "Organization").
// Read top to bottom: wire schema, client model, mapper, then the rules the live picture needs: how updates
// arrive (streaming or polling) and how events and statuses are labelled.
import * as v from 'valibot';
import { nullishBoolean, nullishNumber, nullishString } from '#domain/wire/decode';

// ---------------------------------------------------------------------------------------------
// Wire schema

const ServerOrganizationLinkSchema = v.looseObject({ id: v.string(), name: nullishString });

export const ServerOrganizationSchema = v.looseObject({
  id: v.string(),
  name: v.string(),
  email: nullishString,
  address1: nullishString,
  address2: nullishString,
  city: nullishString,
  state: nullishString,
  postal_code: nullishString,
  country_code: nullishString,
  lat: nullishNumber,
  lng: nullishNumber,
  timezone: nullishString,
  organization_type: v.nullish(
    v.looseObject({
      name: nullishString,
      acs: nullishBoolean,
      icon_on_url: nullishString,
      icon_off_url: nullishString,
    }),
  ),
  show_infinite_timeout_option: nullishBoolean,
  organization_managers: v.nullish(v.array(ServerOrganizationLinkSchema)),
  organization_accessors: v.nullish(v.array(ServerOrganizationLinkSchema)),
  is_wzdx_org: nullishBoolean,
  is_large_org: nullishBoolean,
  is_responder: nullishBoolean,
  maxio_cust_id: v.nullish(v.union([v.string(), v.number()])),
});
export type ServerOrganization = v.InferOutput<typeof ServerOrganizationSchema>;

// ---------------------------------------------------------------------------------------------
// Client model

export type OrganizationLink = { id: string; name: string };

export type Organization = {
  id: string;
  name: string;
  email: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
  position: { lat: number; lng: number } | null;
  timezone: string;
  typeName: string;
  /** The multi-organization flag: users of such an organization may switch between organizations. */
  isAcs: boolean;
  showInfiniteTimeoutOption: boolean;
  managers: OrganizationLink[];
  accessors: OrganizationLink[];
  isWzdxOrg: boolean;
  isLargeOrg: boolean;
  /** Null when the provider does not say; the events label then looks at the assets (see eventsLabel). */
  isResponder: boolean | null;
  billingId: string;
};

// ---------------------------------------------------------------------------------------------
// Mapper

export function mapServerOrganization(server: ServerOrganization): Organization {
  const lat = server.lat ?? null;
  const lng = server.lng ?? null;
  return {
    id: server.id,
    name: server.name,
    email: server.email ?? '',
    address1: server.address1 ?? '',
    address2: server.address2 ?? '',
    city: server.city ?? '',
    state: server.state ?? '',
    postalCode: server.postal_code ?? '',
    countryCode: (server.country_code ?? '').toUpperCase(),
    position: lat !== null && lng !== null ? { lat, lng } : null,
    timezone: server.timezone ?? '',
    typeName: server.organization_type?.name ?? '',
    isAcs: server.organization_type?.acs ?? false,
    showInfiniteTimeoutOption: server.show_infinite_timeout_option ?? false,
    managers: (server.organization_managers ?? []).map((link) => ({ id: link.id, name: link.name ?? '' })),
    accessors: (server.organization_accessors ?? []).map((link) => ({ id: link.id, name: link.name ?? '' })),
    isWzdxOrg: server.is_wzdx_org ?? false,
    isLargeOrg: server.is_large_org ?? false,
    isResponder: server.is_responder ?? null,
    billingId:
      server.maxio_cust_id === null || server.maxio_cust_id === undefined ? '' : String(server.maxio_cust_id),
  };
}

// ---------------------------------------------------------------------------------------------
// Rules

export type EventSource = 'streaming' | 'polling';

/** Large organizations are polled rather than streamed (live §3, access §9). */
export function eventSourceOf(organization: Pick<Organization, 'isLargeOrg'>): EventSource {
  return organization.isLargeOrg ? 'polling' : 'streaming';
}

/**
 * Whether the organization reads as a responder organization ("Incidents", "On-Scene", "Responding").
 * The organization's own setting decides when the provider sends it; otherwise it is one when every asset
 * is a responder (live §1), and an organization without assets is not.
 */
export function isResponderOrganization(
  organization: Pick<Organization, 'isResponder'> | null,
  things: Iterable<{ isResponder: boolean }>,
): boolean {
  if (organization && organization.isResponder !== null) return organization.isResponder;
  let any = false;
  for (const thing of things) {
    if (!thing.isResponder) return false;
    any = true;
  }
  return any;
}

/** The title of the events section and its counters: "Incidents" for responder organizations, else "Events". */
export function eventsLabel(isResponder: boolean): 'Incidents' | 'Events' {
  return isResponder ? 'Incidents' : 'Events';
}
