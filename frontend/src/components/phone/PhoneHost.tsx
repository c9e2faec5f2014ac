// What the phone needs on every page, loaded after the first screen: the domain's answer to who
// may use the phone (the pages' wasm), the panel when opened (with JsSIP, loaded then), and the
// top bar's button.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { phoneAccess, type PhoneAccess } from '../../domain/pages';
import { useAccount } from '../../lib/account';
import { Icon } from '../Icon';
import type { PanelRequest } from './phoneRequest';
import { usePhone } from './usePhone';

const PhonePanel = lazy(() => import('./PhonePanel'));

export function PhoneHost({
  request,
  onAccess,
  onClose,
}: {
  request: PanelRequest | null;
  onAccess: (access: PhoneAccess) => void;
  onClose: () => void;
}) {
  const { account } = useAccount();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => onAccess(phoneAccess(account)), [account, onAccess]);
  // Another account's phone is another phone.
  useEffect(() => close.current(), [account.customerId]);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <PhonePanel request={request} onClose={onClose} />
    </Suspense>
  );
}

/** The top bar's phone, to call a number out: for an agent who may. */
export function TopBarPhoneButton() {
  const phone = usePhone();
  if (!phone.access.callsOut) return null;
  return (
    <button type="button" className="icon-button" aria-label="Phone" title="Phone" onClick={() => phone.callOut()}>
      <Icon name="static" />
    </button>
  );
}
