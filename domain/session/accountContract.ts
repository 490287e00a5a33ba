// The sign-in and account calls of the contract (access §7 "Authentication", docs/contract.md), defined once with
// valibot: the token grant and its result, sign-out, token check, forgot password, unlock, reset, and the simulator's
// outbox and demo accounts. The simulator generates its route schemas and OpenAPI entries from these.
import * as v from 'valibot';

const text = (maxLength: number, minLength = 0) =>
  v.pipe(v.string(), v.minLength(minLength), v.maxLength(maxLength));
const wholeNumber = v.pipe(v.number(), v.integer());

/** The password or refresh grant; a form post sends the same fields as text. */
export const TokenGrantSchema = v.object({
  grant_type: v.picklist(['password', 'refresh_token'], 'must be password or refresh_token'),
  application: v.optional(text(1000)),
  username: v.optional(text(1000)),
  password: v.optional(text(1000)),
  unlock_token: v.optional(text(1000)),
  refresh_token: v.optional(text(1000)),
  /** Some clients send the refresh token under this name. */
  refreshToken: v.optional(text(1000)),
});
export type TokenGrant = v.InferOutput<typeof TokenGrantSchema>;

export const TokenResultSchema = v.object({
  access_token: v.string(),
  refresh_token: v.string(),
  /** Seconds. */
  expires_in: wholeNumber,
  token_type: v.literal('Bearer'),
  /** Unix seconds. */
  created_at: wholeNumber,
  scope: v.string(),
  /** The user's id. */
  uuid: v.string(),
});
export type TokenResult = v.InferOutput<typeof TokenResultSchema>;

export const RevokeTokenSchema = v.object({ token: text(1000, 1) });

export const EmptyAnswerSchema = v.object({});

export const VerifyTokenSchema = v.object({ access_token: text(4000, 1) });
export const TokenTimesAnswerSchema = v.object({
  uuid: v.string(),
  expires_in: wholeNumber,
  created_at: wholeNumber,
});

export const EmailBodySchema = v.object({ email: text(320, 1) });

export const ResetPasswordSchema = v.object({ token: text(200, 1), password: text(200, 1) });

/** `POST /api/confirm_email` and `POST /api/undo_email_change` (ours, issue 34): the token of the mailed link. */
export const EmailLinkSchema = v.object({ token: text(200, 1) });
export type EmailLinkBody = v.InferOutput<typeof EmailLinkSchema>;
/** Their answer: the account's address now. */
export const EmailLinkAnswerSchema = v.object({ email: v.string() });
export type EmailLinkAnswer = v.InferOutput<typeof EmailLinkAnswerSchema>;

/** Whether a user may sign in at all (access §8 "Sign-in by status"). */
export const ACCOUNT_STANDINGS = [
  'active',
  'suspended',
  'expired',
  'not_authorized_method',
  'not_safetycloud_enabled',
] as const;
export type AccountStanding = (typeof ACCOUNT_STANDINGS)[number];

/** Simulator only: a demo account in a given standing. */
export const DemoAccountSchema = v.object({
  email: text(320, 3),
  password: text(200, 1),
  firstname: text(100),
  lastname: text(100),
  role_id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)),
  standing: v.optional(v.picklist(ACCOUNT_STANDINGS)),
});
export type DemoAccount = v.InferOutput<typeof DemoAccountSchema>;

export const CreatedAnswerSchema = v.object({ id: v.string() });

/** Simulator only: the "e-mails" it would have sent. */
export const OutboxQuerySchema = v.looseObject({ email: v.optional(text(320)) });
export const OutboxAnswerSchema = v.object({
  mails: v.array(
    v.object({
      id: wholeNumber,
      to: v.string(),
      subject: v.string(),
      body: v.string(),
      link: v.string(),
      sent_at: v.string(),
    }),
  ),
});
