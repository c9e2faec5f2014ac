import { useState } from 'react';
import { Link } from 'react-router';
import { usePurchase } from '../../../components/purchase/PurchaseContext';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { useAccount } from '../../../lib/account';
import { validationErrors } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { cancelTrial, getTrial, startTrial, type SpeechTrialAnswer } from './api';

export const LOAD_FAILED = 'The speech analytics trial could not be loaded. Try again later.';
export const CANCEL_FAILED = 'The trial could not be cancelled. Try again later.';
export const CANCEL_QUESTION =
  'Cancel your free trial of speech analytics? It stays on until the trial ends, then it is turned off and nothing is charged.';
export const STARTED = 'Your free trial of speech analytics has started.';
export const CANCELLED = 'Your trial is cancelled: nothing will be charged.';
export const BOUGHT = 'Speech analytics is added to your plan.';
const SPEECH_SCOPE = 'report_voice_tags';

function TrialBody({ data, onChanged }: { data: SpeechTrialAnswer; onChanged: (outcome: Outcome) => Promise<void> }) {
  const { open } = usePurchase();
  const { refreshScopes } = useAccount();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { trial } = data;
  const running = trial.status === 'running' || trial.status === 'cancelled';

  function start() {
    open(SPEECH_SCOPE, {
      trial: {
        title: 'Try speech analytics',
        details: trial.offer,
        button: 'Start free trial',
        doneText: STARTED,
        start: () => startTrial(1),
      },
      onDone: () => void onChanged({ kind: 'success', text: STARTED }),
    });
  }

  // After a cancelled trial: the add-on itself, through the purchase modal.
  function buy() {
    open(SPEECH_SCOPE, { onDone: () => void onChanged({ kind: 'success', text: BOUGHT }) });
  }

  async function confirmCancel() {
    setBusy(true);
    try {
      await cancelTrial();
      await onChanged({ kind: 'success', text: CANCELLED });
    } catch (error) {
      const fields = validationErrors(error);
      await onChanged({ kind: 'error', text: fields?.trial ?? CANCEL_FAILED });
    } finally {
      setBusy(false);
      setConfirming(false);
      // Speech goes at the trial's end; the menu reads the account again meanwhile.
      void refreshScopes().catch(() => undefined);
    }
  }

  return (
    <>
      {running && trial.daysLeftText && (
        <section className="card" aria-labelledby="trial-days-left">
          <h2 id="trial-days-left">{trial.daysLeftText}</h2>
          {trial.summary.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {trial.status === 'running' && (
            <p>
              <Link to="/call-insights">Go to Speech Insights</Link>
            </p>
          )}
        </section>
      )}
      {!running && (
        <section className="card" aria-label="Speech analytics">
          {trial.summary.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {data.canStart && (
            <div className="toolbar-actions">
              <button type="button" className="button button-primary" onClick={start}>
                Start free trial
              </button>
            </div>
          )}
          {trial.status === 'available' && !data.canStart && (
            <p>Please speak to your account owner to start the trial.</p>
          )}
          {data.canBuy && (
            <div className="toolbar-actions">
              <button type="button" className="button button-primary" onClick={buy}>
                Buy speech analytics
              </button>
            </div>
          )}
        </section>
      )}
      {trial.howToCancel && (
        <section className="card" aria-labelledby="trial-how-to-cancel">
          <h2 id="trial-how-to-cancel">How to cancel</h2>
          <p>{trial.howToCancel}</p>
          {data.canCancel && (
            <div className="toolbar-actions">
              <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
                Cancel trial
              </button>
            </div>
          )}
        </section>
      )}
      <DeleteConfirmDialog
        open={confirming}
        message={CANCEL_QUESTION}
        confirmLabel="Cancel trial"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmCancel()}
      />
    </>
  );
}

/** /tryspeech: start the free trial of speech analytics through the purchase modal, see the days left and cancel it. */
export function TrialPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getTrial, []);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(data) => (
        <>
          <ResultBanner outcome={outcome} />
          <TrialBody
            data={data}
            onChanged={async (next) => {
              setOutcome(next);
              await reload();
            }}
          />
        </>
      )}
    </LoadedPage>
  );
}
