import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type AddonOffer, type PurchaseBarrier } from '../../domain';
import { addonOffer, outboundUserProblem, purchaseBarrier, unlockedBy } from '../../domain/pages';
import { termsProblem } from '../../domain/forms';
import { useAccount } from '../../lib/account';
import { ApiError, validationErrors } from '../../lib/api';
import { withContact } from '../../lib/contact';
import { Dialog } from '../Dialog';
import { SectionLoading } from '../SectionLoading';
import { CheckboxField } from '../fields';
import { addAddon, getAddonPrice, getAllPrices, upgradePlan, type AddonPrice } from './api';
import { AddonDetails } from './AddonDetails';
import type { PurchaseResult, TrialPurchase } from './purchaseTypes';
import {
  ADDON_FAILURE,
  BREAKDOWN_DELAY,
  CHANGE_PLAN_TEXT,
  ENTERPRISE_TEXT,
  ENTERPRISE_UPGRADE_TEXT,
  NOT_OWNER_TEXT,
  NOT_OWNER_TITLE,
  NOT_PURCHASER_TEXT,
  UPGRADED,
  addedText,
} from './messages';

const RECORDING_STORAGE = 'routing_call_recording_extended';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; price: AddonPrice; storageDays: number | null }
  | { kind: 'saving'; price: AddonPrice; storageDays: number | null }
  | { kind: 'done'; result: PurchaseResult }
  | { kind: 'failed'; message: string | null; name: string | null }
  | { kind: 'refused' }
  | { kind: 'contact' }
  | { kind: 'notPurchaser' };

/** The domain's barrier, if any, before anything is fetched; else loading. */
function firstState(barrier: PurchaseBarrier | null): State {
  switch (barrier) {
    case 'notPurchaser':
      return { kind: 'notPurchaser' };
    case 'contactAccountManager':
      return { kind: 'contact' };
    case 'ownerOnly':
      return { kind: 'refused' };
    default:
      return { kind: 'loading' };
  }
}

/** What the account manager is asked for: Enterprise, a legacy package's change, or an add-on. */
function contactText(kind: AddonOffer['kind']): string {
  if (kind === 'enterprise') return ENTERPRISE_UPGRADE_TEXT;
  if (kind === 'changePlan') return CHANGE_PLAN_TEXT;
  return ENTERPRISE_TEXT;
}

function failureMessage(error: unknown): string | null {
  const fields = validationErrors(error);
  return fields ? (Object.values(fields)[0] ?? null) : null;
}

export default function PurchaseDialog({
  scope,
  onClose,
  onDone,
  onFailed,
  trial,
}: {
  scope: string;
  onClose: () => void;
  onDone?: (result: PurchaseResult) => void;
  onFailed?: (name: string) => void;
  trial?: TrialPurchase;
}) {
  const { account, refreshScopes, reload } = useAccount();
  const [offer] = useState(() => addonOffer(account, scope));
  const [state, setState] = useState<State>(() => firstState(purchaseBarrier(account, scope)));
  // The terms tickbox is 1 (ticked) or 0, as the spec stores it.
  const [terms, setTerms] = useState<0 | 1>(0);
  const [termsError, setTermsError] = useState<string | undefined>();
  const [userId, setUserId] = useState<number | null>(null);
  const [userError, setUserError] = useState<string | undefined>();

  useEffect(() => {
    if (state.kind !== 'loading') return;
    let live = true;
    (async () => {
      try {
        const price = await getAddonPrice(scope, offer.requiresUpgrade);
        const storageDays =
          scope === RECORDING_STORAGE ? (await getAllPrices([scope])).prices.recordingStorageLength : null;
        if (live) setState({ kind: 'ready', price, storageDays });
      } catch (error) {
        if (live) setState({ kind: 'failed', message: failureMessage(error), name: null });
      }
    })();
    return () => {
      live = false;
    };
    // Runs once, when the modal opens loading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const saving = state.kind === 'saving';
  const upgradeOnly = offer.screen === 'upgrade';
  const name =
    state.kind === 'ready' || saving
      ? state.price.name
      : state.kind === 'done'
        ? state.result.name
        : state.kind === 'failed'
          ? state.name
          : null;
  // The title stays the add-on's name through saving and success.
  const title = trial?.title ?? offer.title ?? name ?? 'Add-on';

  async function buy() {
    if (state.kind !== 'ready' || !canBuy) return;
    const problem = termsProblem(terms === 1);
    setTermsError(problem);
    const userProblem = scope === 'outbound' ? outboundUserProblem(userId, state.price.users.map((u) => u.UserID)) : null;
    setUserError(userProblem ?? undefined);
    if (problem || userProblem) return;
    const { price } = state;
    setState({ ...state, kind: 'saving' });
    try {
      if (trial) {
        await trial.start();
      } else {
        // The upgrade first, then the add-on it makes possible.
        if (offer.requiresUpgrade) await upgradePlan();
        if (!upgradeOnly) await addAddon(scope, scope === 'outbound' ? (userId ?? undefined) : undefined);
      }
    } catch (error) {
      onFailed?.(price.name);
      if (error instanceof ApiError && error.status === 403 && offer.requiresUpgrade) {
        setState({ kind: 'refused' });
      } else {
        setState({ kind: 'failed', message: failureMessage(error), name: price.name });
      }
      return;
    }
    const result: PurchaseResult = { scope, name: price.name, upgraded: !trial && offer.requiresUpgrade };
    setState({ kind: 'done', result });
    onDone?.(result);
    try {
      // The menu's chips go and the feature opens without a reload.
      await refreshScopes();
      if (result.upgraded) await reload();
    } catch {
      // Bought: the next page load shows it.
    }
  }

  const canBuy = state.kind === 'ready' && state.price.isAvailable && !(scope === 'outbound' && state.price.users.length === 0);
  const shownTitle = state.kind === 'refused' ? NOT_OWNER_TITLE : title;
  // What the purchase unlocked, and where: the success box links there.
  const unlocked = state.kind === 'done' ? unlockedBy(scope) : null;

  return (
    <Dialog
      open
      title={shownTitle}
      onClose={onClose}
      busy={saving}
      // Always a form, so the buttons keep their focus when the price arrives.
      onSubmit={() => void buy()}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={saving}>
            {state.kind === 'done' ? 'Close' : 'Cancel'}
          </button>
          {(canBuy || saving) && (
            <button type="submit" className="button button-primary" aria-busy={saving || undefined} disabled={saving}>
              {saving ? 'Saving…' : (trial?.button ?? offer.button)}
            </button>
          )}
        </>
      }
    >
      {state.kind === 'loading' && (
        <SectionLoading />
      )}
      {state.kind === 'notPurchaser' && <p>{NOT_PURCHASER_TEXT}</p>}
      {state.kind === 'refused' && <p>{NOT_OWNER_TEXT}</p>}
      {state.kind === 'contact' && (
        <>
          <p>{contactText(offer.kind)}</p>
          <p>
            <Link to="/contactus" onClick={onClose}>
              Contact us
            </Link>
          </p>
        </>
      )}
      {state.kind === 'failed' && (
        <div role="alert" className="banner banner-error">
          {state.message && <p>{state.message}</p>}
          <p>{withContact(ADDON_FAILURE)}</p>
        </div>
      )}
      {state.kind === 'done' && (
        <div role="status" className="banner banner-success">
          <p>{trial ? trial.doneText : state.result.scope === 'upgrade' ? UPGRADED : addedText(state.result.name)}</p>
          {state.result.upgraded && state.result.scope !== 'upgrade' && <p>{UPGRADED}</p>}
          {unlocked && (
            <p>
              {unlocked.what}{' '}
              <Link to={unlocked.path} onClick={onClose}>
                Go to {unlocked.label}
              </Link>
            </p>
          )}
          {!trial && <p>{BREAKDOWN_DELAY}</p>}
        </div>
      )}
      {(state.kind === 'ready' || saving) && (
        <>
          {trial ? (
            <div className="purchase-details">
              {trial.details.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : (
            <AddonDetails
              scope={scope}
              offer={offer}
              price={state.price}
              storageDays={state.storageDays}
              userId={userId}
              onUserChange={(id) => {
                setUserId(id);
                setUserError(undefined);
              }}
              userError={userError}
              disabled={saving}
            />
          )}
          {canBuy || saving ? (
            <CheckboxField
              label="I accept the terms and conditions"
              name="terms"
              checked={terms === 1}
              onChange={(ticked) => {
                setTerms(ticked ? 1 : 0);
                if (ticked) setTermsError(undefined);
              }}
              error={termsError}
              disabled={saving}
            >
              <a href="/conditions" target="_blank" rel="noreferrer" className="field-check-link">
                Read the terms and conditions
              </a>
            </CheckboxField>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
