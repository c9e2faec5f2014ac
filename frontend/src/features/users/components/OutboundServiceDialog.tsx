import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { CheckboxField } from '../../../components/fields';
import { billingFrequencyWord, formatPrice } from '../../../domain/pages';
import { termsProblem } from '../../../domain/forms';
import { refusalErrors } from '../../../lib/api';
import { withContact } from '../../../lib/contact';
import { getOutboundService } from '../api/getOutboundService';
import { setOutboundService } from '../api/setOutboundService';
import type { OutboundService } from '../api/types';

export const NO_OUTBOUND = withContact(
  'You currently do not have Outbound. To set it up please contact us at {phone} or via email at {email}.',
);
export const OUTBOUND_LOAD_FAILED = withContact(
  'Something went wrong. To set it up please contact us at {phone} or via email at {email}.',
);
export const OUTBOUND_SAVE_FAILED = withContact(
  'Something went wrong please contact us at {phone} or via email at {email}.',
);

type State =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'failed' }
  | { kind: 'offer'; service: OutboundService };

export interface OutboundServiceDialogProps {
  open: boolean;
  /** An existing user's id: the service is bought now. Null for a new user: it goes with the save. */
  existingUserId: string | null;
  onClose: () => void;
  /** The service was bought (existing user) or chosen (new user). */
  onAccepted: (service: OutboundService) => void;
}

/** Turning outbound on: the price and terms, then the service set (or kept for the save). */
export function OutboundServiceDialog({ open, existingUserId, onClose, onAccepted }: OutboundServiceDialogProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [accepted, setAccepted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setState({ kind: 'loading' });
    setAccepted(false);
    setFailure(null);
    getOutboundService().then(
      (answer) => {
        if (!live) return;
        setState(answer?.status === 1 && answer.data ? { kind: 'offer', service: answer.data } : { kind: 'none' });
      },
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [open]);

  async function save() {
    if (state.kind !== 'offer' || !accepted || saving) return;
    if (existingUserId === null) {
      onAccepted(state.service);
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await setOutboundService(state.service, existingUserId);
      setSaving(false);
      onAccepted(state.service);
    } catch (error) {
      setSaving(false);
      // A refusal with a reason (the offer changed, the user has no permissions) says it.
      const reasons = refusalErrors(error);
      setFailure((reasons && Object.values(reasons)[0]) || OUTBOUND_SAVE_FAILED);
    }
  }

  const offer = state.kind === 'offer' ? state.service : null;
  return (
    <Dialog
      open={open}
      title="Outbound access"
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={saving} data-autofocus={!offer || undefined}>
            {offer ? 'Cancel' : 'Close'}
          </button>
          {offer && (
            <button type="submit" className="button button-primary" disabled={!accepted || saving}>
              Save
            </button>
          )}
        </>
      }
    >
      {state.kind === 'loading' && (
        <div className="section-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>Loading…</span>
        </div>
      )}
      {state.kind === 'none' && <p>{NO_OUTBOUND}</p>}
      {state.kind === 'failed' && (
        <p role="alert" className="banner banner-error">
          {OUTBOUND_LOAD_FAILED}
        </p>
      )}
      {offer && (
        <>
          <p>
            Outbound costs <strong>{formatPrice(Number(offer.price))}</strong> per user per{' '}
            {billingFrequencyWord(String(offer.billingFrequency))}.
          </p>
          <p>
            Minimum term: {offer.minimumTerm} {Number(offer.minimumTerm) === 1 ? 'month' : 'months'}.
          </p>
          {failure && (
            <p role="alert" className="banner banner-error">
              {failure}
            </p>
          )}
          <CheckboxField
            label="I accept the terms and conditions"
            checked={accepted}
            onChange={setAccepted}
            hint={termsProblem(accepted)}
            disabled={saving}
          >
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
