import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../../../components/Snackbar';
import { useAccount } from '../../../lib/account';

export const OPEN_FAILED = 'The clinic could not be opened. Try again later.';

export interface Clinic {
  id: number;
  name: string;
}

/** Going into a member clinic as the account switcher does, then to `to` there, said in `done`. */
export interface OpenClinic {
  open: (clinic: Clinic, to: string, done: string) => Promise<void>;
  busy: boolean;
  failed: string;
}

export function useOpenClinic(): OpenClinic {
  const { switchAccount } = useAccount();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState('');
  async function open(clinic: Clinic, to: string, done: string) {
    setBusy(true);
    setFailed('');
    try {
      await switchAccount(clinic.id, clinic.name, () => {
        navigate(to);
        notify(done);
      });
    } catch {
      setFailed(OPEN_FAILED);
    } finally {
      setBusy(false);
    }
  }
  return { open, busy, failed };
}
