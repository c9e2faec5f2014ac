import type { PlanPrice } from '../../../components/purchase/api';
import { priceText as withFrequency } from '../../../components/purchase/priceText';
import { onlineUpgradeTo } from '../../../domain/pages';

const PLANS = ['Starter', 'Professional', 'Enterprise'] as const;

const SUMMARY: Record<(typeof PLANS)[number], string> = {
  Starter: 'Call tracking with simple routing and the main advertising integrations.',
  Professional: 'Advanced call routing, dynamic number pools, call scoring and more integrations.',
  Enterprise: 'Everything, with speech analytics, the API and a dedicated account manager.',
};

function priceText(price: PlanPrice | null | undefined): string {
  return withFrequency(price?.price, price?.billing_frequency_months ?? '1', price?.billing_frequency_id);
}

/**
 * One box per plan with its price; the current plan is marked. Starter upgrades to Professional
 * online; Enterprise and downgrades are by contacting us.
 */
export function PlanBoxes({
  current,
  prices,
  onUpgrade,
  onCompareUpgrade,
}: {
  current: string;
  /** The plans' list prices: Enterprise has none (its price is on application). */
  prices: Partial<Record<(typeof PLANS)[number], PlanPrice | null>> | null;
  onUpgrade: () => void;
  onCompareUpgrade: () => void;
}) {
  const currentIndex = PLANS.indexOf(current as (typeof PLANS)[number]);
  return (
    <div className="plan-boxes">
      {PLANS.map((plan, index) => {
        const isCurrent = index === currentIndex;
        const onlineUpgrade = onlineUpgradeTo(current, plan);
        return (
          <section key={plan} className={`card plan-box${isCurrent ? ' plan-box-current' : ''}`} aria-label={`${plan} plan`}>
            <h2 className="card-heading">{plan}</h2>
            <p className="plan-price">
              {prices ? priceText(prices[plan]) : '…'}
            </p>
            <p>{SUMMARY[plan]}</p>
            {isCurrent ? (
              <p className="plan-current">Your current plan</p>
            ) : onlineUpgrade ? (
              <div className="form-actions">
                <button type="button" className="button button-primary" onClick={onUpgrade}>
                  Upgrade
                </button>
                <button type="button" className="button" onClick={onCompareUpgrade}>
                  See the new pricing
                </button>
              </div>
            ) : (
              <a className="button" href="/contactus">
                Contact us
              </a>
            )}
          </section>
        );
      })}
    </div>
  );
}
