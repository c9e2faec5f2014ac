import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { CheckboxField } from '../../../components/fields';
import { useAccount } from '../../../lib/account';
import { formatDateTime } from '../../../lib/dates';
import { useLoader } from '../../../lib/useLoader';
import { getRollback, refusalErrors, rollBack, type ChangeView } from '../api/history';
import { ImpactSummary } from './ImpactSummary';
import { ROUTING_FAILED } from './messages';

export const ROLLED_BACK = 'The change has been rolled back.';

/**
 * Rolling back one change: what will change back, the impact on last week's calls, and the
 * server's reason when it cannot (a conflict with later changes, which can be rolled back too,
 * or routing the restore would leave broken).
 */
export function RollbackDialog({
  change,
  onClose,
  onRolledBack,
}: {
  change: ChangeView;
  onClose: () => void;
  onRolledBack: (message: string) => void;
}) {
  const { account } = useAccount();
  const [includeLater, setIncludeLater] = useState(false);
  const [load] = useLoader(() => getRollback(change.id, includeLater), [change.id, includeLater]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const preview = load.status === 'ready' ? load.data : null;
  const outcome = preview?.plan.outcome;
  const conflict = outcome?.outcome === 'conflict' ? outcome : null;
  const refused = outcome?.outcome === 'refused' ? outcome.reason : null;
  const problem = preview?.problem ?? null;
  const later = preview?.plan.later ?? [];
  const canRollBack =
    preview !== null && !conflict && !refused && !problem && preview.plan.restores.length > 0 && !saving;

  async function confirm() {
    if (!canRollBack) return;
    setSaving(true);
    setFailure(null);
    try {
      await rollBack(change.id, includeLater);
      onRolledBack(ROLLED_BACK);
    } catch (error) {
      setFailure(refusalErrors(error)?.rollback ?? ROUTING_FAILED);
      setSaving(false);
    }
  }

  const when = formatDateTime(change.createdAt, account.customerTimeZone);
  return (
    <Dialog
      open
      title="Roll back change"
      onClose={onClose}
      busy={saving}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={!canRollBack}
            aria-busy={saving || undefined}
            onClick={() => void confirm()}
          >
            {saving ? 'Rolling back…' : 'Roll back'}
          </button>
        </>
      }
    >
      <p>
        {change.userName}&apos;s change to &apos;{change.recordName}&apos; on {when}.
      </p>
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {load.status === 'loading' && (
        <div className="section-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>Loading…</span>
        </div>
      )}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {ROUTING_FAILED}
        </p>
      )}
      {refused && (
        <p role="alert" className="banner banner-error">
          {refused}
        </p>
      )}
      {conflict && (
        <p role="alert" className="banner banner-warning">
          {conflict.reason}
        </p>
      )}
      {(conflict || includeLater) && later.length > 0 && (
        <section aria-labelledby={`later-${change.id}`}>
          <h3 id={`later-${change.id}`}>Later changes</h3>
          <ul aria-label="Later changes">
            {later.map((item) => (
              <li key={item.id}>{item.explanation.join(' ')}</li>
            ))}
          </ul>
        </section>
      )}
      {(conflict || includeLater) && (
        <CheckboxField
          label="Roll back these too"
          name="includeLater"
          checked={includeLater}
          disabled={saving}
          onChange={setIncludeLater}
        />
      )}
      {preview && preview.plan.changesBack.length > 0 && (
        <section aria-labelledby={`back-${change.id}`}>
          <h3 id={`back-${change.id}`}>What will change back</h3>
          <ul aria-label="What will change back">
            {preview.plan.changesBack.map((sentence, i) => (
              <li key={i}>{sentence}</li>
            ))}
          </ul>
        </section>
      )}
      {problem && (
        <p role="alert" className="banner banner-error">
          {problem}
        </p>
      )}
      {preview?.impact && <ImpactSummary impact={preview.impact} />}
    </Dialog>
  );
}
