import { useSignals } from '@preact/signals-react/runtime';
import { isOverLimit, periodLabel, usageText, type Billing } from '#domain/billing/billing';
import { fetchBilling } from '../../api/accounts.ts';
import { apiClient, sessionProfile } from '../../session/session.ts';
import { useLoaded } from './accountsHooks.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' });

function priceText(price: Billing['pricePerAsset']): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: price.currency }).format(
    price.minorUnits / 100,
  );
}

/** Billing (access §2, billing:read): the organization's billing id, plan, period, renewal and usage; read only. */
export function BillingView() {
  useSignals();
  const organizationId = sessionProfile.value?.organizationId ?? '';
  const outcome = useLoaded(() => fetchBilling(apiClient(), organizationId), organizationId);
  if (!outcome) return <p>Loading…</p>;
  if (!outcome.ok) return <p role="alert">{outcome.message}</p>;
  const billing = outcome.value;
  return (
    <section aria-label="Billing">
      <h1>Billing</h1>
      <dl className="accounts__details">
        <dt>Organization</dt>
        <dd>{billing.organizationName}</dd>
        <dt>Billing id</dt>
        <dd data-testid="billing-id">{billing.billingId || 'Billed through a managing organization'}</dd>
        <dt>Plan</dt>
        <dd data-testid="billing-plan">
          {billing.planName} — {billing.planDescription}
        </dd>
        <dt>Billing period</dt>
        <dd>{periodLabel(billing.period)}</dd>
        <dt>Renews on</dt>
        <dd>{dateFormat.format(new Date(`${billing.renewsOn}T00:00:00Z`))}</dd>
        <dt>Price per asset</dt>
        <dd>{priceText(billing.pricePerAsset)} a month</dd>
        <dt>Assets</dt>
        <dd data-over-limit={isOverLimit(billing.assets)}>{usageText(billing.assets)}</dd>
        <dt>Users</dt>
        <dd data-testid="billing-users" data-over-limit={isOverLimit(billing.users)}>
          {usageText(billing.users)}
        </dd>
      </dl>
      <h2>Included</h2>
      <ul>
        {billing.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </section>
  );
}
