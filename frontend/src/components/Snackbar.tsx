import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/** How long a confirmation stays before it fades on its own (it can be dismissed sooner). */
const SHOWN_MS = 6000;

type Notify = (text: string) => void;

const SnackbarContext = createContext<Notify>(() => {});

/**
 * Says what was just saved, done or closed ('Destination number ‘Reception’ saved.'), in a short
 * message at the foot of the screen that outlives the dialog or page that saved. The live region is
 * always there so that screen readers announce each new message.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<{ text: string; key: number } | null>(null);
  const next = useRef(0);
  const notify = useCallback<Notify>((text) => setMessage({ text, key: ++next.current }), []);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const value = useMemo(() => notify, [notify]);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <div className="snackbar-region" aria-live="polite" aria-atomic="true">
        {message && (
          <div className="snackbar" key={message.key}>
            <span>{message.text}</span>
            <button type="button" className="snackbar-dismiss" aria-label="Dismiss" onClick={() => setMessage(null)}>
              ×
            </button>
          </div>
        )}
      </div>
    </SnackbarContext.Provider>
  );
}

/** The function that shows a confirmation; does nothing outside a `SnackbarProvider`. */
export function useSnackbar(): Notify {
  return useContext(SnackbarContext);
}
