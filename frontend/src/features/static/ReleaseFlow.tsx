import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { PasswordConfirmDialog } from '../../components/PasswordConfirmDialog';
import { releaseNote } from '../../domain/services';
import { ApiError, validationErrors } from '../../lib/api';
import { useAccount } from '../../lib/account';
import { now } from '../../lib/clock';
import { releaseNumbers, type Released } from './api';
import { ACTION_FAILED } from './messages';

/**
 * Releasing numbers: what it means (the domain's note), then the password, whose single-use key
 * goes with the release. Ends with the server's answer, or a failure's text.
 */
export function ReleaseFlow({
  ids,
  numbers,
  onReleased,
  onFailed,
  onClose,
}: {
  ids: number[];
  numbers: string[];
  onReleased: (answer: Released) => void;
  onFailed: (text: string) => void;
  onClose: () => void;
}) {
  const { account } = useAccount();
  const [step, setStep] = useState<'confirm' | 'password'>('confirm');
  const note = releaseNote(ids.length, Math.floor(now() / 1000), account.customerTimeZone);
  const title = ids.length === 1 ? `Release ${numbers[0]}` : `Release ${ids.length} numbers`;

  async function release(key: string) {
    try {
      onReleased(await releaseNumbers(ids, key));
    } catch (caught) {
      const fields = validationErrors(caught);
      const refused = caught instanceof ApiError && caught.status === 403;
      onFailed(fields?.ids ?? (refused ? 'The release was refused. Please try again.' : ACTION_FAILED));
    }
  }

  return (
    <>
      <Dialog
        open={step === 'confirm'}
        title={title}
        onClose={onClose}
        onSubmit={() => setStep('password')}
        actions={
          <>
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button-danger" data-autofocus>
              Release
            </button>
          </>
        }
      >
        {ids.length > 1 && <p>{numbers.join(', ')}</p>}
        <p>{note}</p>
      </Dialog>
      <PasswordConfirmDialog
        open={step === 'password'}
        title="Confirm your password to release"
        onCancel={onClose}
        onConfirmed={(key) => void release(key)}
      />
    </>
  );
}
