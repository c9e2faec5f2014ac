import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { getTagManagerAuth } from '../api/tagManagerAuth';

/**
 * The 'Tag manager' button: authorised -> the setup dialog; not yet -> the tag manager's OAuth
 * start, which comes back with ?tagmanager=<VcamID> to open the dialog at once.
 */
export function useTagManager() {
  const [params, setParams] = useSearchParams();
  const returned = params.get('tagmanager');
  const [open, setOpen] = useState(returned !== null && returned !== '');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);

  async function start(vcamId: number) {
    setFailed(false);
    setBusy(vcamId);
    try {
      const auth = await getTagManagerAuth(vcamId);
      if (auth.status) {
        setOpen(true);
        setBusy(null);
      } else if (auth.authUrl) {
        window.location.assign(auth.authUrl);
      } else {
        throw new Error('No authUrl');
      }
    } catch {
      setFailed(true);
      setBusy(null);
    }
  }

  function close() {
    setOpen(false);
    if (params.has('tagmanager')) {
      const next = new URLSearchParams(params);
      next.delete('tagmanager');
      setParams(next, { replace: true });
    }
  }

  return { open, failed, busy, start: (vcamId: number) => void start(vcamId), close };
}
