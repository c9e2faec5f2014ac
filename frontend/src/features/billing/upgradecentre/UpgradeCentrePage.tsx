import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { useAccount } from '../../../lib/account';
import { useLoader } from '../../../lib/useLoader';
import { planPage } from '../../../domain/pages';
import { getAllPrices, getPlanScopes, type AddonPrices } from '../../../components/purchase/api';
import { PlanComparisonTable } from '../../../components/purchase/PlanComparison';
import { PricingBreakdownDialog } from '../../../components/purchase/PricingBreakdownDialog';
import { usePurchase } from '../../../components/purchase/PurchaseContext';
import { AddonsTable } from './AddonsTable';
import { PlanBoxes } from './PlanBoxes';

/** The add-on scopes of spec/billing-subscription-purchase.md section 3, in its order. */
export const ADDON_SCOPES = [
  'report_voice_tags',
  'integration_speech_redaction',
  'integration_api',
  'integration_webhooks',
  'integration_salesforce',
  'outbound',
  'other_managed',
  'other_insight',
  'integration_config_api',
  'routing_advanced_ivr',
  'integration_dealerweb',
  'routing_call_recording_extended',
  'outbound_additional_user',
];

/** The upgrade centre: plans, key features, add-on prices, the full comparison, the breakdown. */
export function UpgradeCentrePage({ title }: { title: string }) {
  const { account } = useAccount();
  const purchase = usePurchase();
  const [pricesLoad] = useLoader(() => getAllPrices(ADDON_SCOPES));
  const [plansLoad] = useLoader(getPlanScopes);
  const [expanded, setExpanded] = useState(false);
  const [breakdown, setBreakdown] = useState<{ productCode?: string } | null>(null);
  const [bought, setBought] = useState<string | null>(null);
  const fullId = useId();

  const prices = pricesLoad.status === 'ready' ? pricesLoad.data.prices : null;
  const addons: [string, AddonPrices][] = prices
    ? ADDON_SCOPES.flatMap((scope) => (prices[scope] ? [[scope, prices[scope]] as [string, AddonPrices]] : []))
    : [];
  const plans = plansLoad.status === 'ready' ? plansLoad.data : null;
  const planPrices = prices
    ? { Starter: prices.starterPlan ?? null, Professional: prices.professionalPlan ?? null }
    : null;

  return (
    <>
      <PageHeading title={title} />
      <div className="form-actions">
        <Link className="button" to="/subscription">
          Back
        </Link>
        {planPage(account).pricingBreakdown && (
          <button type="button" className="button" onClick={() => setBreakdown({})}>
            Current pricing breakdown
          </button>
        )}
      </div>
      {pricesLoad.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          Something went wrong.
        </p>
      )}
      <PlanBoxes
        current={account.packageName}
        prices={planPrices}
        onUpgrade={() => purchase.open('upgrade')}
        onCompareUpgrade={() => setBreakdown({ productCode: 'upgrade' })}
      />
      <section className="card" aria-labelledby="key-features">
        <h2 id="key-features" className="card-heading">
          Key features
        </h2>
        {plans ? <PlanComparisonTable plans={plans} keyOnly /> : <p>…</p>}
      </section>
      <section className="card" aria-labelledby="addons-heading">
        <h2 id="addons-heading" className="card-heading">
          Add-ons
        </h2>
        {bought && (
          <p role="status" className="banner banner-success">
            {bought} has been added to your account.
          </p>
        )}
        {prices ? <AddonsTable addons={addons} onBought={setBought} /> : <p>…</p>}
      </section>
      <section className="card" aria-labelledby="full-comparison">
        <h2 id="full-comparison" className="card-heading">
          <button
            type="button"
            className="disclosure-button"
            aria-expanded={expanded}
            aria-controls={fullId}
            onClick={() => setExpanded(!expanded)}
          >
            Compare every feature
          </button>
        </h2>
        <div id={fullId} hidden={!expanded}>
          {expanded && plans && <PlanComparisonTable plans={plans} />}
        </div>
      </section>
      <PricingBreakdownDialog
        open={breakdown !== null}
        productCode={breakdown?.productCode}
        onClose={() => setBreakdown(null)}
      />
    </>
  );
}
