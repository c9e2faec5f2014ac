import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import type { AccountState } from '../../domain';
import { acknowledgeSplashScreen } from './api';

const dismissedKey = (id: number) => `splashScreenDismissed:${id}`;

function dismissedInThisTab(id: number): boolean {
  try {
    return sessionStorage.getItem(dismissedKey(id)) === '1';
  } catch {
    return false;
  }
}

/** The account's splash screen (plain text), until this user acknowledges it. */
export function SplashScreen({ splash }: { splash: AccountState['splashScreen'] }) {
  const [dismissed, setDismissed] = useState<number | null>(() =>
    splash && dismissedInThisTab(splash.id) ? splash.id : null,
  );
  if (!splash || dismissed === splash.id) return null;

  const close = () => {
    setDismissed(splash.id);
    try {
      sessionStorage.setItem(dismissedKey(splash.id), '1');
    } catch {
      // Storage refused: it stays closed until the page is reloaded.
    }
    acknowledgeSplashScreen(splash.id);
  };

  return (
    <Dialog
      open
      title={splash.title}
      onClose={close}
      actions={
        <button type="button" className="button button-primary" data-autofocus onClick={close}>
          Got it
        </button>
      }
    >
      <p className="splash-body">{splash.body}</p>
    </Dialog>
  );
}
