// Mutual-aid sharing (access §2 "Mutual-aid sharing wizard", §3 "Mutual-aid form", §5 "Sharing", §6, §7, §8, §9): a
// request to the provider's support to share assets with another organization for a while. Read top to bottom:
// the request body the simulator parses (with its field rules), its answer, the texts, the client form and its
// rules, the gate.
import * as v from 'valibot';
import { RequestIdSchema } from '#domain/wire/requestParts';

export const PRODUCT_NAME = 'Safety Cloud';
export const SHARED_ORGANIZATION_MAX_LENGTH = 1000;
export const SHARED_ORGANIZATION_TOO_LONG = `${SHARED_ORGANIZATION_MAX_LENGTH} Max Characters`;
export const REQUIRED = 'Required';
export const AT_LEAST_ONE_ASSET = 'Must select at least 1 Asset';

/** Days the sharing lasts; null is "No expiration" (access §5, §9). */
export const MUTUAL_AID_EXPIRATIONS = [null, 30, 60, 90] as const;
export type MutualAidExpiration = (typeof MUTUAL_AID_EXPIRATIONS)[number];

export function expirationLabel(expiration: MutualAidExpiration): string {
  return expiration === null ? 'No expiration' : `${expiration} days`;
}

// ---------------------------------------------------------------------------------------------
// Wire: `POST /organization/mutual_aid_request`

/** The requester's names as the form shows them (editable there); the signed-in user's stored names stand in. */
export const REQUESTER_NAME_MAX_LENGTH = 100;
const RequesterNameSchema = v.optional(
  v.pipe(v.string(), v.maxLength(REQUESTER_NAME_MAX_LENGTH, `${REQUESTER_NAME_MAX_LENGTH} Max Characters`)),
);

export const MutualAidRequestSchema = v.strictObject({
  firstname: RequesterNameSchema,
  lastname: RequesterNameSchema,
  shared_org: v.pipe(
    v.string(),
    v.check((name) => name.trim() !== '', REQUIRED),
    v.maxLength(SHARED_ORGANIZATION_MAX_LENGTH, SHARED_ORGANIZATION_TOO_LONG),
  ),
  thing_uuids: v.pipe(v.array(RequestIdSchema), v.minLength(1, AT_LEAST_ONE_ASSET), v.maxLength(10_000)),
  expiration: v.nullable(v.picklist([30, 60, 90], 'must be null (no expiration), 30, 60 or 90')),
});
export type MutualAidRequest = v.InferOutput<typeof MutualAidRequestSchema>;

export const MutualAidAnswerSchema = v.object({ id: v.string(), message: v.string() });
export type MutualAidAnswer = v.InferOutput<typeof MutualAidAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Texts

export const THANK_YOU = `Thank you. Your request was sent to ${PRODUCT_NAME} Support.`;
export const ASK_ADMINISTRATOR =
  "Please reach out to your Organization's Administrator to initiate this request.";
export const UNABLE_TO_SEND = 'Unable to send Mutual Aid Request';
export const FAILED_TO_SEND_EMAIL = 'Failed to send request email';

/** A failed request (access §8): 422 is "Unable to send…", others the server's message or the e-mail failure. */
export function mutualAidErrorMessage(status: number, serverMessage: string | null): string {
  if (status === 422) return UNABLE_TO_SEND;
  return serverMessage && status !== 0 ? serverMessage : FAILED_TO_SEND_EMAIL;
}

// ---------------------------------------------------------------------------------------------
// Client form

export type MutualAidForm = {
  firstName: string;
  lastName: string;
  /** Read-only: the signed-in user's. */
  email: string;
  sharedOrg: string;
  thingIds: readonly string[];
  /** Undefined until chosen. */
  expiration: MutualAidExpiration | undefined;
};

export type MutualAidField = 'sharedOrg' | 'thingIds' | 'expiration';

/** The form's problems by field (access §5 "Sharing"); empty when it may be sent. */
export function mutualAidFormProblems(form: MutualAidForm): Partial<Record<MutualAidField, string>> {
  const problems: Partial<Record<MutualAidField, string>> = {};
  if (form.sharedOrg.trim() === '') problems.sharedOrg = REQUIRED;
  else if (form.sharedOrg.length > SHARED_ORGANIZATION_MAX_LENGTH)
    problems.sharedOrg = SHARED_ORGANIZATION_TOO_LONG;
  if (form.thingIds.length === 0) problems.thingIds = AT_LEAST_ONE_ASSET;
  if (form.expiration === undefined) problems.expiration = REQUIRED;
  return problems;
}

/** The body the form sends: server names (access §3). Call only for a form without problems. */
export function mutualAidRequestOf(form: MutualAidForm): MutualAidRequest {
  return {
    firstname: form.firstName.trim(),
    lastname: form.lastName.trim(),
    shared_org: form.sharedOrg.trim(),
    thing_uuids: [...form.thingIds],
    expiration: form.expiration ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Gate

export const START_MUTUAL_AID = ['organization:manage'] as const;

/** Starting needs ORGANIZATION_MANAGE and loaded assets (access §2, §6). */
export function canStartMutualAid(permissions: ReadonlySet<string>, assetsLoaded: boolean): boolean {
  return assetsLoaded && START_MUTUAL_AID.some((permission) => permissions.has(permission));
}
