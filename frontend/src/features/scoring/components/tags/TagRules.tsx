import type { DeleteRequest } from '../../../../components/records/useRecords';
import { deleteRule, type RuleValues, type TagView } from '../../api/tags';

export const DELETE_FAILED = 'It could not be deleted. Try again later.';

/** A rule to add to a tag (target tagId) or to edit (target ruleId). */
export type RuleEdit = { tag: TagView; target: { tagId: number } | { ruleId: number }; initial: RuleValues | null };

/** A tag's rules in words, each with its Edit and Delete links for those with the right to change. */
export function TagRules({
  tag,
  canEdit,
  onEdit,
  askDelete,
}: {
  tag: TagView;
  canEdit: boolean;
  onEdit: (edit: RuleEdit) => void;
  askDelete: (request: DeleteRequest) => void;
}) {
  if (tag.rules.length === 0) return <span>By hand only</span>;
  const remove = (id: number) =>
    askDelete({
      message: 'Delete this rule? Calls it tagged keep their tags.',
      run: async () => {
        await deleteRule(id);
        return 'The rule was deleted. Calls it tagged keep their tags.';
      },
      failed: () => DELETE_FAILED,
    });
  return (
    <ul className="tag-rules" aria-label={`Rules of ${tag.description}`}>
      {tag.rules.map((rule, i) => (
        <li key={rule.id}>
          {rule.conditions.join(' and ')}
          {canEdit && (
            <>
              {' '}
              <button
                type="button"
                className="link-button"
                aria-label={`Edit rule ${i + 1} of ${tag.description}`}
                onClick={() => onEdit({ tag, target: { ruleId: rule.id }, initial: rule.form as unknown as RuleValues })}
              >
                Edit
              </button>{' '}
              <button
                type="button"
                className="link-button"
                aria-label={`Delete rule ${i + 1} of ${tag.description}`}
                onClick={() => remove(rule.id)}
              >
                Delete
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A tag's 'Add rule' action. */
export function AddRuleButton({ tag, onAdd }: { tag: TagView; onAdd: (edit: RuleEdit) => void }) {
  return (
    <button
      type="button"
      className="button"
      aria-label={`Add rule to ${tag.description}`}
      onClick={() => onAdd({ tag, target: { tagId: tag.id }, initial: null })}
    >
      Add rule
    </button>
  );
}
