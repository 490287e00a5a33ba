// The organization's billing view (access §2 accounts/billing, §3 "maxio_cust_id (billing id)"; the plan data is
// ours, docs/contract.md "Billing"). Read top to bottom: the plan catalogue, the wire record of
// `GET /api/organization/{id}/billing`, the client model and mapper, then the rules the Billing tab shows.
import * as v from 'valibot';

// ---------------------------------------------------------------------------------------------
// The plans (a read-only catalogue: the provider's billing system sells them, the dashboard only shows them)

export const PLAN_IDS = ['essentials', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const PlanRecordSchema = v.object({
  id: v.picklist(PLAN_IDS),
  name: v.string(),
  description: v.string(),
  /** Null: no limit. */
  asset_limit: v.nullable(v.pipe(v.number(), v.integer())),
  user_limit: v.nullable(v.pipe(v.number(), v.integer())),
  /** Per asset and month, in the currency's minor unit (cents). */
  price_per_asset: v.pipe(v.number(), v.integer()),
  currency: v.string(),
  features: v.array(v.string()),
});
export type PlanRecord = v.InferOutput<typeof PlanRecordSchema>;

export const PLANS: Readonly<Record<PlanId, PlanRecord>> = {
  essentials: {
    id: 'essentials',
    name: 'Essentials',
    description: 'Live map and alerts for a small fleet',
    asset_limit: 50,
    user_limit: 10,
    price_per_asset: 1500,
    currency: 'USD',
    features: ['Live map', 'Events', 'Closures'],
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    description: 'Adds reports, exports, trips and API access',
    asset_limit: 500,
    user_limit: 50,
    price_per_asset: 2500,
    currency: 'USD',
    features: ['Live map', 'Events', 'Closures', 'Reports and exports', 'Trips', 'API tokens'],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Multi-agency coordination, WZDx feeds and unlimited assets',
    asset_limit: null,
    user_limit: null,
    price_per_asset: 2000,
    currency: 'USD',
    features: [
      'Everything in Professional',
      'Managed organizations',
      'WZDx feed',
      'Situational awareness mode',
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Wire schema

export const BillingRecordSchema = v.object({
  organization_id: v.string(),
  organization_name: v.string(),
  /** The billing system's customer id (the organization's `maxio_cust_id`); null when not billed directly. */
  billing_id: v.nullable(v.string()),
  plan: PlanRecordSchema,
  billing_period: v.picklist(BILLING_PERIODS),
  /** The next renewal, a calendar date (YYYY-MM-DD). */
  renews_on: v.string(),
  usage: v.object({ assets: v.pipe(v.number(), v.integer()), users: v.pipe(v.number(), v.integer()) }),
});
export type BillingRecord = v.InferOutput<typeof BillingRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Client model and mapper

export type Billing = {
  organizationName: string;
  billingId: string;
  planName: string;
  planDescription: string;
  features: readonly string[];
  period: BillingPeriod;
  renewsOn: string;
  assets: { used: number; limit: number | null };
  users: { used: number; limit: number | null };
  pricePerAsset: { minorUnits: number; currency: string };
};

export function mapBilling(record: BillingRecord): Billing {
  return {
    organizationName: record.organization_name,
    billingId: record.billing_id ?? '',
    planName: record.plan.name,
    planDescription: record.plan.description,
    features: record.plan.features,
    period: record.billing_period,
    renewsOn: record.renews_on,
    assets: { used: record.usage.assets, limit: record.plan.asset_limit },
    users: { used: record.usage.users, limit: record.plan.user_limit },
    pricePerAsset: { minorUnits: record.plan.price_per_asset, currency: record.plan.currency },
  };
}

// ---------------------------------------------------------------------------------------------
// Rules

export const BILLING_NOT_FOUND = 'Billing not found';

/** "12 of 50", or "12 (no limit)". */
export function usageText(usage: { used: number; limit: number | null }): string {
  return usage.limit === null ? `${usage.used} (no limit)` : `${usage.used} of ${usage.limit}`;
}

export function isOverLimit(usage: { used: number; limit: number | null }): boolean {
  return usage.limit !== null && usage.used > usage.limit;
}

export function periodLabel(period: BillingPeriod): string {
  return period === 'annual' ? 'Annual' : 'Monthly';
}
