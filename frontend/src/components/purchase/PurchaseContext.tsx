import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type { PurchaseResult, TrialPurchase } from './purchaseTypes';
import type { PurchaseResult, TrialPurchase } from './purchaseTypes';

export interface PurchaseOptions {
  /** Start this trial of the scope instead of buying it. */
  trial?: TrialPurchase;
  onDone?: (result: PurchaseResult) => void;
  /** A purchase that was tried and failed (the modal shows why as well). */
  onFailed?: (name: string) => void;
}

interface PurchaseContextValue {
  /** Opens the add-on or upgrade modal for a scope ('upgrade' for the plan upgrade). */
  open: (scope: string, options?: PurchaseOptions) => void;
}

const PurchaseContext = createContext<PurchaseContextValue | null>(null);

// The modal and its form rules load when first opened, not with the first screen.
const PurchaseDialog = lazy(() => import('./PurchaseDialog'));

/** Mounted once by the shell: any screen opens the purchase modal through usePurchase(). */
export function PurchaseProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<{ scope: string; options: PurchaseOptions } | null>(null);
  const open = useCallback((scope: string, options: PurchaseOptions = {}) => setRequest({ scope, options }), []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <PurchaseContext.Provider value={value}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <PurchaseDialog
            // A new request is a new modal: closing resets everything.
            key={request.scope}
            scope={request.scope}
            onDone={request.options.onDone}
            onFailed={request.options.onFailed}
            trial={request.options.trial}
            onClose={() => setRequest(null)}
          />
        </Suspense>
      )}
    </PurchaseContext.Provider>
  );
}

export function usePurchase(): PurchaseContextValue {
  const value = useContext(PurchaseContext);
  if (!value) throw new Error('usePurchase needs a PurchaseProvider');
  return value;
}
