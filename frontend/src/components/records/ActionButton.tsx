import { useState } from 'react';
import type { Outcome } from '../ResultBanner';

/** A button that runs an action on the list (e.g. 'Apply to past calls') and tells its outcome in words. */
export function ActionButton({
  label,
  run,
  failedText,
  page,
}: {
  label: string;
  /** Resolves with what the action did, in words. */
  run: () => Promise<string>;
  failedText: string;
  page: { setOutcome: (outcome: Outcome | null) => void; reload: () => Promise<void> };
}) {
  const [busy, setBusy] = useState(false);

  async function click() {
    setBusy(true);
    page.setOutcome(null);
    try {
      page.setOutcome({ kind: 'success', text: await run() });
      await page.reload();
    } catch {
      page.setOutcome({ kind: 'error', text: failedText });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void click()}>
      {label}
    </button>
  );
}
