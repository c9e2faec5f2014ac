import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { canPurchaseOnline, formatPounds, planPage, priceOnApplicationText, recordingStorageExtends, recordingStorageText, scopeQuery } from '../../../domain/pages';
import { useAccount } from '../../../lib/account';
import { useLoader } from '../../../lib/useLoader';
import { usePurchase, type PurchaseResult } from '../../../components/purchase/PurchaseContext';
import { PlanComparisonDialog } from '../../../components/purchase/PlanComparisonDialog';
import { PricingBreakdownDialog } from '../../../components/purchase/PricingBreakdownDialog';
import { frequencyWord } from '../../../components/purchase/priceText';
import { getAccountUsage, getCallCharges } from '../api';
import { CallChargesCard } from './CallChargesCard';
import { NoNumbersDialog } from './NoNumbersDialog';
import { PlanLinks } from './PlanLinks';
import { UsageCards } from './UsageCards';
import { WhatToAddDialog, type DynamicChoice } from './WhatToAddDialog';
import type { Added, PurchaseForm } from '../../../components/purchase/PurchaseFormDialog';
import { staticAdded } from '../../../components/purchase/static/messages';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';

// The purchase forms load with the first plus pressed, not with the page.
const PurchaseFormDialog = lazy(() => import('../../../components/purchase/PurchaseFormDialog'));

const RECORDING_STORAGE = 'routing_call_recording_extended';


/** The plan and usage page (spec/billing-subscription-purchase.md, "Plan and usage page"). */
export function SubscriptionPage({ upgrade }: { upgrade: boolean }) {
  const { account } = useAccount();
  const purchase = usePurchase();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Load failures are silent: the figures just stay empty.
  const [usageLoad, reloadUsage] = useLoader(getAccountUsage);
  const page = planPage(account);
  // A technology partner's plan has no calls: nothing to fetch.
  const [chargesLoad] = useLoader(page.callTracking ? getCallCharges : null);
  const usage = usageLoad.status === 'ready' ? usageLoad.data : null;
  const charges = chargesLoad.status === 'ready' ? chargesLoad.data : null;
  const [banner, setBanner] = useState<Outcome | null>(null);
  const [dialog, setDialog] = useState<'breakdown' | 'compare' | 'whatToAdd' | 'noNumbers' | null>(null);
  const [form, setForm] = useState<PurchaseForm | null>(null);
  const online = canPurchaseOnline(account);

  const buy = useCallback(
    (scope: string) =>
      purchase.open(scope, {
        onDone: (result: PurchaseResult) => {
          setBanner({ kind: 'success', text: `${result.name} has been added successfully.` });
          void reloadUsage();
        },
        onFailed: (name) => setBanner({ kind: 'error', text: `${name} could not be added. Please try again or contact us.` }),
      }),
    [purchase, reloadUsage],
  );

  // ?scope= (or ?type=) opens that add-on; a scope the package lacks goes to the upgrade.
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const scope = params.get('scope') ?? params.get('type');
    if (upgrade) {
      buy(page.upgradeScope);
    } else if (scope) {
      const answer = scopeQuery(account, scope);
      if (answer === 'openAddOn') buy(scope);
      else if (answer === 'upgrade') navigate('/subscription/upgrade', { replace: true });
    }
  }, [account, buy, navigate, params, upgrade]);

  function addStatic() {
    if (usage && usage.staticNumbers >= usage.staticsAvailable) setDialog('noNumbers');
    else setForm({ kind: 'static' });
  }

  function addDynamic(choice: DynamicChoice) {
    if (choice.kind === 'url') return setForm({ kind: 'dynamic', dynamicUrl: 0 });
    if (usage && usage.poolsCount >= usage.poolsAvailable) return setDialog('noNumbers');
    setForm({ kind: 'dynamic', dynamicUrl: choice.dynamicUrlId });
  }

  function added(result: Added) {
    setForm(null);
    const text = result.kind === 'static' ? staticAdded(result.name) : `${result.name} has been added successfully.`;
    setBanner({ kind: 'success', text });
    void reloadUsage();
  }

  const storage = usage ? recordingStorageText(usage.callRecordingStorage, usage.freeCallRecordingStorage) : null;
  return (
    <>
      <header className="page-heading page-heading-actions">
        <h1>Plan: {account.packageName}</h1>
        <div className="form-actions">
          {page.planLink &&
            (page.planLink.external ? (
              <a className="button" href={page.planLink.path}>
                {page.planLink.label}
              </a>
            ) : (
              <Link className="button" to={page.planLink.path}>
                {page.planLink.label}
              </Link>
            ))}
          {page.pricingBreakdown && (
            <button type="button" className="button" onClick={() => setDialog('breakdown')}>
              Current pricing breakdown
            </button>
          )}
          {page.callTracking && (
            <button type="button" className="button" onClick={() => setDialog('compare')}>
              Compare plans
            </button>
          )}
        </div>
      </header>
      <ResultBanner outcome={banner} />
      {page.callTracking && (
        <UsageCards
          usage={usage}
          online={online}
          onAddDynamic={() => setDialog('whatToAdd')}
          onAddStatic={addStatic}
          onAddAgent={() => buy('outbound_additional_user')}
        />
      )}
      <section className="card" aria-labelledby="plan-heading">
        <h2 id="plan-heading" className="card-heading">
          Your plan
        </h2>
        <dl className="plan-facts">
          <dt>Package</dt>
          <dd>{account.packageName}</dd>
          <dt>Plan price</dt>
          <dd>
            {!usage
              ? '…'
              : usage.planPrice == null
                ? priceOnApplicationText()
                : `${formatPounds(usage.planPrice)} per ${frequencyWord(usage.planBillingFrequency ?? '1')}`}
          </dd>
          {page.callTracking && (
            <>
              <dt>Call recording storage</dt>
              <dd>{usage ? `${usage.callRecordingStorage} days (${usage.freeCallRecordingStorage} days free)` : '…'}</dd>
              <dt>Inclusive minutes</dt>
              <dd>
                {usage
                  ? `${(usage.minutesAvailable - usage.inclusiveMinutesLeft).toLocaleString('en-GB')} used, ${usage.inclusiveMinutesLeft.toLocaleString('en-GB')} left`
                  : '…'}
              </dd>
            </>
          )}
        </dl>
        <h3>Add-ons included</h3>
        {page.callTracking || (usage && usage.addOns.length > 0) ? (
          <ul>
            {page.callTracking && storage && <li>{storage}</li>}
            {usage?.addOns.map((addOn) => <li key={addOn.scope}>{addOn.description}</li>)}
          </ul>
        ) : (
          <p>{usage ? 'None.' : '…'}</p>
        )}
        {page.callTracking && online && usage && recordingStorageExtends(usage.callRecordingStorage) && (
          <button type="button" className="button" onClick={() => buy(RECORDING_STORAGE)}>
            Extend call recording storage
          </button>
        )}
      </section>
      {page.callTracking && (
        <CallChargesCard
          charges={charges}
          minutesAvailable={usage?.minutesAvailable ?? 0}
          minutesLeft={usage?.inclusiveMinutesLeft ?? 0}
        />
      )}
      <PlanLinks invoicesPath={page.invoicesPath} callCharges={page.callTracking} />
      <PricingBreakdownDialog open={dialog === 'breakdown'} onClose={() => setDialog(null)} />
      <PlanComparisonDialog open={dialog === 'compare'} onClose={() => setDialog(null)} />
      <WhatToAddDialog
        open={dialog === 'whatToAdd'}
        usage={usage}
        onClose={() => setDialog(null)}
        onChoose={(choice) => {
          setDialog(null);
          addDynamic(choice);
        }}
      />
      <NoNumbersDialog open={dialog === 'noNumbers'} onClose={() => setDialog(null)} />
      {form && (
        <Suspense fallback={null}>
          <PurchaseFormDialog form={form} onDone={added} onClose={() => setForm(null)} />
        </Suspense>
      )}
    </>
  );
}
