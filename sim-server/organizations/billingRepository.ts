// Reading an organization's billing view: its plan assignment (billing_accounts) with the catalogue's plan, and what
// it uses now (its own assets and users).
import { PLANS, type BillingRecord, type BillingPeriod, type PlanId } from '#domain/billing/billing';
import type { SqliteDatabase } from '../store/database.ts';

export type BillingRepository = {
  /** Null when the organization is unknown or has no plan. */
  billingOf(organizationId: string): BillingRecord | null;
};

type BillingRow = {
  organization_id: string;
  organization_name: string;
  billing_id: string | null;
  plan_id: PlanId;
  billing_period: BillingPeriod;
  renews_on: string;
  assets: number;
  users: number;
};

export function createBillingRepository(db: SqliteDatabase): BillingRepository {
  const selectBilling = db.prepare<[string], BillingRow>(`
    SELECT b.organization_id, o.name AS organization_name, b.billing_id, b.plan_id, b.billing_period, b.renews_on,
      (SELECT count(*) FROM things t WHERE t.organization_id = o.id) AS assets,
      (SELECT count(*) FROM users u WHERE u.organization_id = o.id) AS users
    FROM billing_accounts b JOIN organizations o ON o.id = b.organization_id
    WHERE b.organization_id = ?`);
  return {
    billingOf(organizationId) {
      const row = selectBilling.get(organizationId);
      if (!row) return null;
      return {
        organization_id: row.organization_id,
        organization_name: row.organization_name,
        billing_id: row.billing_id,
        plan: PLANS[row.plan_id],
        billing_period: row.billing_period,
        renews_on: row.renews_on,
        usage: { assets: row.assets, users: row.users },
      };
    },
  };
}
