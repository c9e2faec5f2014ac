import { useState } from 'react';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { refusalErrors } from '../../../lib/api';
import { useOptionalAccount } from '../../../lib/account';
import { formatDateTime } from '../../../lib/dates';
import { useLoader } from '../../../lib/useLoader';
import { acceptOutboundTerms, getOutboundTerms } from './api';

export const LOAD_FAILED = 'The outbound terms could not be loaded. Try again later.';
export const ACCEPT_FAILED = 'The acceptance could not be recorded. Try again later.';

/** /outboundterms: the current outbound terms; the account owner accepts them once; who and when afterwards. */
export function OutboundTermsPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getOutboundTerms, []);
  const zone = useOptionalAccount()?.customerTimeZone || 'Europe/London';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function accept() {
    setBusy(true);
    try {
      await acceptOutboundTerms();
      setOutcome({ kind: 'success', text: 'You accepted the outbound terms.' });
      await reload();
    } catch (error) {
      setOutcome({ kind: 'error', text: refusalErrors(error)?.form_terms ?? ACCEPT_FAILED });
    } finally {
      setBusy(false);
    }
  }

  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(terms) => (
        <div className="card">
          <h2>{terms.title}</h2>
          <p className="field-hint">Version {terms.version}</p>
          {terms.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <ResultBanner outcome={outcome} />
          {terms.acceptedBy && terms.acceptedAt != null ? (
            <p role="note">
              Accepted by {terms.acceptedBy} on {formatDateTime(terms.acceptedAt, zone)}.
            </p>
          ) : terms.canAccept ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void accept()}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              Accept the outbound terms
            </button>
          ) : (
            <p role="note">Not accepted yet: the account owner accepts the outbound terms.</p>
          )}
        </div>
      )}
    </LoadedPage>
  );
}
