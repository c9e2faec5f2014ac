import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../components/LoadedPage';
import { fieldErrorsOf } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { deleteRule, deleteSource, getSource, moveRule, type RuleRow, type SourcePage } from './api';
import { PairDialog } from './PairDialog';
import { ruleColumns } from './ruleColumns';
import { RuleDialog } from './RuleDialog';
import { ClassificationTester } from './Tester';

type Editing = { kind: 'rule'; rule?: RuleRow } | { kind: 'pair' } | null;

function Rules({ page, onChanged }: { page: SourcePage; onChanged: () => void }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RuleRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const total = page.ruleset.rules.length;

  async function act(work: () => Promise<unknown>) {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      onChanged();
    } catch {
      setFailure('The rules could not be changed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="rules-title">
      <h2 id="rules-title">Rules</h2>
      <p>
        A landing-page parameter or URL rule wins over a specific referrer, which wins over a referrer group, then
        &apos;always&apos; rules, then the website&apos;s default. Within a level the rule higher in the account&apos;s
        order wins.
      </p>
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {page.rules.length === 0 ? (
        <p>{page.source.isDefault ? 'Every visit no rule matches comes here.' : 'No rules yet.'}</p>
      ) : (
        <DataTable
          plain
          label={`Rules of ${page.source.source} / ${page.source.medium}`}
          columns={ruleColumns({
            total,
            canEdit: page.canEdit,
            busy,
            onMove: (rule, direction) => void act(() => moveRule(rule.id, direction)),
            onEdit: (rule) => setEditing({ kind: 'rule', rule }),
            onDelete: setDeleting,
          })}
          rows={page.rules}
          rowKey={(rule) => rule.id}
          emptyText="No rules yet."
        />
      )}
      {page.canEdit && (
        <button type="button" className="button button-primary" onClick={() => setEditing({ kind: 'rule' })}>
          Add rule
        </button>
      )}
      {editing?.kind === 'rule' && (
        <RuleDialog
          open
          sourceId={page.source.id}
          rule={editing.rule}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      )}
      <DeleteConfirmDialog
        open={deleting !== null}
        title="Delete rule"
        message={deleting ? `Delete the rule "${deleting.description}"?` : ''}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const rule = deleting;
          setDeleting(null);
          if (rule) void act(() => deleteRule(rule.id));
        }}
      />
    </section>
  );
}

function PairActions({ page, onChanged }: { page: SourcePage; onChanged: () => void }) {
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { source } = page;

  async function remove() {
    setBusy(true);
    setFailure(null);
    try {
      await deleteSource(source.id);
      navigate('/sources');
    } catch (error) {
      setConfirming(false);
      setFailure(fieldErrorsOf(error)?.id ?? 'The source / medium could not be deleted. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page-actions">
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {page.deleteRefusal && <p className="field-hint">{page.deleteRefusal}</p>}
      <button type="button" className="button" onClick={() => setRenaming(true)}>
        Rename
      </button>
      <button
        type="button"
        className="button button-danger"
        disabled={page.deleteRefusal !== ''}
        onClick={() => setConfirming(true)}
      >
        Delete source / medium
      </button>
      {renaming && (
        <PairDialog
          open
          pair={source}
          taken={page.ruleset.pairs.filter((p) => p.id !== source.id).map((p) => [p.source, p.medium])}
          onClose={() => setRenaming(false)}
          onSaved={() => {
            setRenaming(false);
            onChanged();
          }}
        />
      )}
      <DeleteConfirmDialog
        open={confirming}
        title="Delete source / medium"
        message={`Delete ${source.source} / ${source.medium} and its rules? Its past visits and calls keep no source.`}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    </div>
  );
}

/** /sources/{id}: a pair's rules (add, edit, reorder, delete), who uses it, and the tester. */
export function SourceDetail({ title, id }: { title: string; id: string }) {
  const [load, reload] = useLoader(() => getSource(id), [id]);
  return (
    <LoadedPage title={title} load={load} failedText="The source / medium could not be loaded. Please try again.">
      {(page) => (
        <>
          <p>
            <Link to="/sources">All source / mediums</Link>
          </p>
          <h2>
            {page.source.source} / {page.source.medium}
          </h2>
          <p>
            {page.source.visits30Days} visits and {page.source.calls30Days} calls in the last 30 days.
            {page.whispers.length > 0 && ` Whispered by ${page.whispers.join(', ')}.`}
          </p>
          {page.canEdit && <PairActions page={page} onChanged={() => void reload()} />}
          <Rules page={page} onChanged={() => void reload()} />
          <ClassificationTester ruleset={page.ruleset} />
        </>
      )}
    </LoadedPage>
  );
}
