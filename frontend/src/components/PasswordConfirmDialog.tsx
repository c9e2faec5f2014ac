import { useEffect, useId, useState } from 'react';
import { validatePasswordConfirmation } from '../domain/forms';
import { ApiError, apiPost } from '../lib/api';
import type { components } from '../lib/api-schema.gen';
import { Dialog } from './Dialog';

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** handleajax/confirmPassword: status 1 and the single-use key. */
type PasswordConfirmed = components['schemas']['PasswordConfirmed'];

/**
 * A refused confirmation, as read from an error body: the 422 is ValidationFailed with `status` 0
 * and `data.form_password` beside its errors, and a 429 has the same shape (the contract says so
 * on the path; its schemas do not carry these fields).
 */
interface Refused {
  status?: number;
  data?: { form_password?: string };
  errors?: { form_password?: string };
}

export interface PasswordConfirmDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirmed: (key: string) => void;
  title?: string;
}

function fieldMessage(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const { status, data, errors } = answer as Refused;
  if (status !== 0 && !errors) return null;
  return data?.form_password ?? errors?.form_password ?? null;
}

export function PasswordConfirmDialog({
  open,
  onCancel,
  onConfirmed,
  title = 'Confirm your password',
}: PasswordConfirmDialogProps) {
  const fieldId = useId();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setPassword('');
      setFieldError(null);
      setFailure(null);
      setBusy(false);
    }
  }, [open]);

  async function submit() {
    if (busy) return;
    setFailure(null);
    const errors = validatePasswordConfirmation(password);
    if (errors.form_password) {
      setFieldError(errors.form_password);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const answer = await apiPost<PasswordConfirmed | null>('handleajax/confirmPassword', { form_password: password });
      if (answer?.status === 1 && typeof answer.key === 'string') {
        setBusy(false);
        onConfirmed(answer.key);
        return;
      }
      const message = fieldMessage(answer);
      if (message) setFieldError(message);
      else setFailure(SOMETHING_WENT_WRONG);
    } catch (error) {
      const message = error instanceof ApiError ? fieldMessage(error.body) : null;
      if (message) setFieldError(message);
      else setFailure(SOMETHING_WENT_WRONG);
    }
    setBusy(false);
  }

  const errorId = `${fieldId}-error`;
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      onSubmit={() => void submit()}
      busy={busy}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            Confirm
          </button>
        </>
      }
    >
      <p>Please enter your password to continue.</p>
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <div className={`field${fieldError ? ' field-invalid' : ''}`}>
        <label htmlFor={fieldId}>Password</label>
        <input
          id={fieldId}
          name="form_password"
          type="password"
          autoComplete="current-password"
          data-autofocus
          value={password}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            if (fieldError) setFieldError(null);
          }}
        />
        {fieldError && (
          <p id={errorId} className="field-error">
            {fieldError}
          </p>
        )}
      </div>
    </Dialog>
  );
}
