// The profile answer exactly as the simulator writes it (access §3, `GET /api/profile`): the signed-in user with
// permissions, and the organizations they may view with their managers and accessors. The dashboard reads the
// provider's answer leniently (profile.ts, organization.ts); this strict form is where the simulator's response
// schema and types come from.
import * as v from 'valibot';

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());
const wholeNumber = v.pipe(v.number(), v.integer());

export const OrganizationRefRecordSchema = v.object({ id: v.string(), name: v.string() });
export type OrganizationRefRecord = v.InferOutput<typeof OrganizationRefRecordSchema>;

export const OrganizationWireRecordSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: nullableString,
  address1: nullableString,
  address2: nullableString,
  city: nullableString,
  state: nullableString,
  postal_code: nullableString,
  country_code: nullableString,
  lat: nullableNumber,
  lng: nullableNumber,
  timezone: nullableString,
  organization_type: v.object({ name: v.string(), acs: v.boolean() }),
  show_infinite_timeout_option: v.boolean(),
  organization_managers: v.array(OrganizationRefRecordSchema),
  organization_accessors: v.array(OrganizationRefRecordSchema),
  is_wzdx_org: v.boolean(),
  is_large_org: v.boolean(),
  is_responder: v.boolean(),
  /** The billing id (access §3); null when the organization is not billed directly. */
  maxio_cust_id: nullableString,
});
export type OrganizationWireRecord = v.InferOutput<typeof OrganizationWireRecordSchema>;

export const UserWireRecordSchema = v.object({
  id: v.string(),
  email: v.string(),
  firstname: v.string(),
  lastname: v.string(),
  role_id: wholeNumber,
  organization_id: v.string(),
  permissions: v.array(v.string()),
  sign_in_count: wholeNumber,
  last_sign_in_at: nullableString,
  has_api_keys: v.boolean(),
  is_ha_direct_enabled: v.boolean(),
});
export type UserWireRecord = v.InferOutput<typeof UserWireRecordSchema>;

export const ProfileRecordSchema = v.object({
  user: UserWireRecordSchema,
  user_org: OrganizationWireRecordSchema,
  managed_orgs: v.array(OrganizationWireRecordSchema),
  accessed_orgs: v.array(OrganizationWireRecordSchema),
});
export type ProfileRecord = v.InferOutput<typeof ProfileRecordSchema>;
