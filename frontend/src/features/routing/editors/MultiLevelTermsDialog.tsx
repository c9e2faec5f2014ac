import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { CheckboxField } from '../../../components/fields';
import { formatPrice } from '../../../domain/pages';
import { useLoader } from '../../../lib/useLoader';
import { getMultiIvrCharges } from '../api/ivrs';
import { PRICE_FAILED } from './messages';

export interface MultiLevelTermsDialogProps {
  /** What the accepted terms allow: adding one IVR, or cloning a menu. */
  action: 'add' | 'clone';
  /**
   * Asks even when the account has credits left (the server refused a save for want of the
   * terms). Otherwise, within the credits, `onAccepted(false)` follows the price check at once.
   */
  alwaysAsk?: boolean;
  onCancel: () => void;
  /** Whether the terms were ticked (sent as acceptTerms=1). */
  onAccepted: (acceptTerms: boolean) => void;
}

const TITLE = 'Multi-level IVR';

/** The multi-level IVR price and terms, shown when the account's IVRs have used its credits. */
export function MultiLevelTermsDialog({ action, alwaysAsk = false, onCancel, onAccepted }: MultiLevelTermsDialogProps) {
  const [load] = useLoader(getMultiIvrCharges);
  const [accepted, setAccepted] = useState(false);
  const done = useRef(onAccepted);
  done.current = onAccepted;

  const charges = load.status === 'ready' ? load.data : null;
  const withinCredits = charges !== null && !alwaysAsk && charges.used < charges.credits;
  useEffect(() => {
    if (withinCredits) done.current(false);
  }, [withinCredits]);
  if (withinCredits) return null;

  const actionLabel = action === 'add' ? 'Add IVR' : 'Clone';
  return (
    <Dialog
      open
      title={TITLE}
      onClose={onCancel}
      onSubmit={() => {
        if (charges && accepted) onAccepted(true);
      }}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={!charges || !accepted}>
            {actionLabel}
          </button>
        </>
      }
    >
      {load.status === 'loading' && (
        <div className="section-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>Loading…</span>
        </div>
      )}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {PRICE_FAILED}
        </p>
      )}
      {charges && (
        <>
          <p>
            Your account includes {charges.credits} {charges.credits === 1 ? 'IVR' : 'IVRs'} and has {charges.used}.{' '}
            {action === 'add' ? 'Another IVR' : 'Each IVR the clone copies'} is charged at:
          </p>
          <p className="terms-price">
            <strong>
              {formatPrice(charges.cost)} per IVR per {charges.frequency}
            </strong>
          </p>
          <CheckboxField label="I accept the terms and conditions" checked={accepted} onChange={setAccepted}>
            {/* The terms page is served by the server, outside the app. */}
            <a href="/conditions" target="_blank" rel="noreferrer" className="field-check-link">
              Read the terms and conditions
            </a>
          </CheckboxField>
        </>
      )}
    </Dialog>
  );
}
