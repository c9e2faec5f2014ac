import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { DialogActions } from '../../../components/DialogActions';
import { TextField } from '../../../components/fields';
import { validateCallerIdCode, validateOutsideNumber } from '../../../domain/callerIds';
import { refusalErrors } from '../../../lib/api';
import { formatUk } from '../../../domain/reports';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { addCallerId, resendCode, verifyCallerId } from './api';

export const ADD_FAILED = 'The number could not be added. Try again later.';
export const VERIFY_FAILED = 'The code could not be checked. Try again later.';
export const RESEND_FAILED = 'A new code could not be sent. Try again later.';

/** Where the dialog starts: a new number, or the code of a number on the list. */
export type DialogStart = { step: 'number' } | { step: 'code'; id: number; number: string };

/**
 * Adding an outside caller id: the number (checked by the domain as typed, by the server on
 * save), then the code the provider sent to it, with a new code on request.
 */
export function CallerIdDialog({
  start,
  tracked,
  outside,
  onClose,
  onAdded,
  onVerified,
}: {
  start: DialogStart;
  tracked: string[];
  outside: string[];
  onClose: () => void;
  onAdded: () => void;
  onVerified: (number: string) => void;
}) {
  const [step, setStep] = useState<DialogStart>(start);
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = step.step === 'number' ? validateOutsideNumber(number, tracked, outside) : validateCallerIdCode(code);
  const field = step.step === 'number' ? 'form_number' : 'form_code';
  const { errorOf, left, changed, showAllErrors, setServerErrors, reset } = useFieldMessages(errors);

  async function run(action: () => Promise<void>, failed: string) {
    setBusy(true);
    setFailure(null);
    setNote(null);
    try {
      await action();
    } catch (error) {
      const fields = refusalErrors(error);
      const message = fields?.[field] ?? fields?.form_code ?? fields?.form_number;
      if (message) setServerErrors({ [field]: message });
      else setFailure(failed);
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    showAllErrors();
    if (errors[field] || busy) return;
    if (step.step === 'number') {
      await run(async () => {
        const added = await addCallerId(number.trim());
        onAdded();
        setStep({ step: 'code', id: added.id, number: number.trim() });
        reset();
        setNote(`A code was sent to ${formatUk(number.trim())}. It works for 10 minutes.`);
      }, ADD_FAILED);
    } else {
      const { id, number: verifying } = step;
      await run(async () => {
        await verifyCallerId(id, code.trim());
        onVerified(verifying);
      }, VERIFY_FAILED);
    }
  }

  async function resend() {
    if (step.step !== 'code' || busy) return;
    const { id, number: to } = step;
    setServerErrors({});
    await run(async () => {
      await resendCode(id);
      setCode('');
      reset();
      setNote(`A new code was sent to ${formatUk(to)}. It works for 10 minutes.`);
    }, RESEND_FAILED);
  }

  const title = step.step === 'number' ? 'Add an outside caller id' : `Verify ${formatUk(step.number)}`;
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      actions={
        <DialogActions
          onCancel={onClose}
          submitLabel={step.step === 'number' ? 'Send a code' : 'Verify'}
          busyLabel={step.step === 'number' ? 'Sending…' : 'Checking…'}
          busy={busy}
        />
      }
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {note && (
        <p role="status" className="banner banner-success">
          {note}
        </p>
      )}
      {step.step === 'number' ? (
        <TextField
          label="Phone number"
          name="form_number"
          type="tel"
          inputMode="tel"
          value={number}
          hint="A number of yours outside this account, 11 to 20 digits starting 01, 02 or 07. We send it a code."
          onChange={(value) => {
            setNumber(value);
            changed(field);
          }}
          onBlur={() => number !== '' && left(field)}
          error={errorOf(field)}
          disabled={busy}
        />
      ) : (
        <>
          <TextField
            label="Verification code"
            name="form_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            hint={`The 6-digit code sent to ${formatUk(step.number)}.`}
            onChange={(value) => {
              setCode(value);
              changed(field);
            }}
            onBlur={() => code !== '' && left(field)}
            error={errorOf(field)}
            disabled={busy}
          />
          <button type="button" className="button" onClick={() => void resend()} disabled={busy}>
            Send a new code
          </button>
        </>
      )}
    </Dialog>
  );
}
