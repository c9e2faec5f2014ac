import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PhoneAccess } from '../../domain/phone';
import { useAccount } from '../../lib/account';
import type { PanelRequest, PhoneRequest } from './phoneRequest';

export interface PhoneContextValue {
  /** What the user may do with the phone: nothing until the domain's rules have loaded. */
  access: PhoneAccess;
  /** Opens the phone to test one of the account's numbers or pools (its routing entry id). */
  testCall: (call: { entryId: number; number: string }) => void;
  /** Opens the phone to call a number out (typed in the panel when not given). */
  callOut: (number?: string) => void;
}

const NO_ACCESS: PhoneAccess = { testCalls: false, callsOut: false };

// Outside a provider (a page's own tests) the phone is simply not offered.
const PhoneContext = createContext<PhoneContextValue>({ access: NO_ACCESS, testCall: () => {}, callOut: () => {} });

// The panel, JsSIP and the phone's rules (the forms wasm) load when needed, not with the first screen.
const PhonePanel = lazy(() => import('./PhonePanel'));

/** Mounted once by the app: any screen opens the phone through usePhone(). */
export function PhoneProvider({ children }: { children: ReactNode }) {
  const { account } = useAccount();
  const [access, setAccess] = useState(NO_ACCESS);
  const [request, setRequest] = useState<PanelRequest | null>(null);
  const opened = useRef(0);

  // The module's answers come in the order asked: the last account's is the one that stays.
  useEffect(() => {
    import('../../domain/phone').then(({ phoneAccess }) => setAccess(phoneAccess(account)), () => {});
  }, [account]);

  // Another account's phone is another phone.
  useEffect(() => setRequest(null), [account.customerId]);

  const value = useMemo<PhoneContextValue>(() => {
    const open = (next: PhoneRequest) => setRequest({ ...next, n: ++opened.current });
    return {
      access,
      testCall: ({ entryId, number }) => open({ kind: 'test', entryId, number }),
      callOut: (number = '') => open({ kind: 'out', number }),
    };
  }, [access]);

  return (
    <PhoneContext.Provider value={value}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <PhonePanel request={request} onClose={() => setRequest(null)} />
        </Suspense>
      )}
    </PhoneContext.Provider>
  );
}

export function usePhone(): PhoneContextValue {
  return useContext(PhoneContext);
}
