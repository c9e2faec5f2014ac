import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PanelRequest, PhoneRequest } from './phoneRequest';
import { NO_ACCESS, PhoneContext, type PhoneContextValue } from './usePhone';

// Everything else of the phone loads after the first screen.
const PhoneHost = lazy(() => import('./PhoneHost').then((m) => ({ default: m.PhoneHost })));

/** Mounted once by the app: any screen opens the phone through usePhone(). */
export function PhoneProvider({ children }: { children: ReactNode }) {
  const [access, setAccess] = useState(NO_ACCESS);
  const [request, setRequest] = useState<PanelRequest | null>(null);
  const opened = useRef(0);
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
      <Suspense fallback={null}>
        <PhoneHost request={request} onAccess={setAccess} onClose={() => setRequest(null)} />
      </Suspense>
    </PhoneContext.Provider>
  );
}
