import { useState } from 'react';
import { Link } from 'react-router';
import { DeleteConfirmDialog } from '../../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../../components/ResultBanner';
import { TagChip } from '../../../../components/TagChip';
import { useLoader } from '../../../../lib/useLoader';
import {
  applyRules,
  deleteRule,
  deleteTag,
  getTags,
  type RuleValues,
  type TagsPage as TagsData,
  type TagView,
} from '../../api/tags';
import { RuleDialog } from './RuleDialog';
import { TagDialog } from './TagDialog';

export const LOAD_FAILED = 'The tags could not be loaded. Try again later.';
export const APPLY_FAILED = 'The rules could not be applied. Try again later.';
export const DELETE_FAILED = 'It could not be deleted. Try again later.';

type RuleEdit = { tag: TagView; target: { tagId: number } | { ruleId: number }; initial: RuleValues | null };
type Deleting = { kind: 'tag' | 'rule'; id: number; message: string };

function TagsTable({
  data,
  onEdit,
  onDelete,
  onRule,
  onDeleteRule,
}: {
  data: TagsData;
  onEdit: (tag: TagView) => void;
  onDelete: (tag: TagView) => void;
  onRule: (edit: RuleEdit) => void;
  onDeleteRule: (id: number) => void;
}) {
  if (data.tags.length === 0) return <p className="empty-state">No tags yet.</p>;
  return (
    <div className="table-scroll">
      <table className="simple-table tags-table">
        <caption className="visually-hidden">Tags</caption>
        <thead>
          <tr>
            <th scope="col">Tag</th>
            <th scope="col">Calls (30 days)</th>
            <th scope="col">Rules</th>
            {data.canEdit && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.tags.map((tag) => (
            <tr key={tag.id}>
              <td>
                <TagChip name={tag.description} colour={tag.colour} />
              </td>
              <td>
                <Link to={`/reports?tag=${tag.id}`} aria-label={`${tag.calls30Days} calls tagged ${tag.description} in the call log`}>
                  {tag.calls30Days}
                </Link>
              </td>
              <td>
                {tag.rules.length === 0 ? (
                  <span>By hand only</span>
                ) : (
                  <ul className="tag-rules" aria-label={`Rules of ${tag.description}`}>
                    {tag.rules.map((rule, i) => (
                      <li key={rule.id}>
                        {rule.conditions.join(' and ')}
                        {data.canEdit && (
                          <>
                            {' '}
                            <button
                              type="button"
                              className="link-button"
                              aria-label={`Edit rule ${i + 1} of ${tag.description}`}
                              onClick={() =>
                                onRule({ tag, target: { ruleId: rule.id }, initial: rule.form as unknown as RuleValues })
                              }
                            >
                              Edit
                            </button>{' '}
                            <button
                              type="button"
                              className="link-button"
                              aria-label={`Delete rule ${i + 1} of ${tag.description}`}
                              onClick={() => onDeleteRule(rule.id)}
                            >
                              Delete
                            </button>
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              {data.canEdit && (
                <td className="row-actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={`Add rule to ${tag.description}`}
                    onClick={() => onRule({ tag, target: { tagId: tag.id }, initial: null })}
                  >
                    Add rule
                  </button>{' '}
                  <button type="button" className="button" aria-label={`Edit ${tag.description}`} onClick={() => onEdit(tag)}>
                    Edit
                  </button>{' '}
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={`Delete ${tag.description}`}
                    onClick={() => onDelete(tag)}
                  >
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /tags: the account's call tags with their colours, calls and rules; applying the rules to past calls. */
export function TagsPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getTags, []);
  const [editing, setEditing] = useState<{ tag: TagView | null } | null>(null);
  const [rule, setRule] = useState<RuleEdit | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function apply() {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await applyRules();
      setOutcome({ kind: 'success', text: result.message });
      await reload();
    } catch {
      setOutcome({ kind: 'error', text: APPLY_FAILED });
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete(target: Deleting) {
    setBusy(true);
    try {
      if (target.kind === 'tag') {
        const { calls } = await deleteTag(target.id);
        setOutcome({ kind: 'success', text: `The tag was deleted and taken off ${calls === 1 ? '1 call' : `${calls} calls`}.` });
      } else {
        await deleteRule(target.id);
        setOutcome({ kind: 'success', text: 'The rule was deleted. Calls it tagged keep their tags.' });
      }
      await reload();
    } catch {
      setOutcome({ kind: 'error', text: DELETE_FAILED });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(data) => (
        <div className="card tags-card">
          <p>
            Tags mark calls in the call log. Rules put a tag on each new call that meets all their conditions; you can
            also tag a call by hand from its details in the call log.
          </p>
          <ResultBanner outcome={outcome} />
          {data.canEdit && (
            <p className="toolbar-actions">
              <button type="button" className="button button-primary" onClick={() => setEditing({ tag: null })}>
                Add tag
              </button>{' '}
              <button type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void apply()}>
                Apply to past calls
              </button>{' '}
              <span className="field-hint">Runs the rules over the calls of the last {data.applyDays} days.</span>
            </p>
          )}
          <TagsTable
            data={data}
            onEdit={(tag) => setEditing({ tag })}
            onDelete={(tag) => setDeleting({ kind: 'tag', id: tag.id, message: tag.deleteQuestion })}
            onRule={setRule}
            onDeleteRule={(id) =>
              setDeleting({ kind: 'rule', id, message: 'Delete this rule? Calls it tagged keep their tags.' })
            }
          />
          <TagDialog
            open={editing !== null}
            tag={editing?.tag ?? null}
            taken={data.tags.filter((t) => t.id !== editing?.tag?.id).map((t) => t.description)}
            onClose={() => setEditing(null)}
            onSaved={(name) => {
              setEditing(null);
              setOutcome({ kind: 'success', text: `The tag '${name}' was saved.` });
              void reload();
            }}
          />
          {rule && (
            <RuleDialog
              open
              tagName={rule.tag.description}
              target={rule.target}
              initial={rule.initial}
              sources={data.sources}
              campaigns={data.campaigns}
              outcomes={data.outcomes}
              onClose={() => setRule(null)}
              onSaved={() => {
                setRule(null);
                setOutcome({ kind: 'success', text: 'The rule was saved. Apply to past calls to tag the calls it finds.' });
                void reload();
              }}
            />
          )}
          <DeleteConfirmDialog
            open={deleting !== null}
            message={deleting?.message ?? ''}
            busy={busy}
            onCancel={() => setDeleting(null)}
            onConfirm={() => deleting && void confirmDelete(deleting)}
          />
        </div>
      )}
    </LoadedPage>
  );
}
