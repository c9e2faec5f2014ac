import { useState } from 'react';
import { Link } from 'react-router';
import { ActionButton } from '../../../../components/records/ActionButton';
import { RecordsPage } from '../../../../components/records/RecordsPage';
import { TagChip } from '../../../../components/TagChip';
import { applyRules, deleteTag, getTags, type TagView } from '../../api/tags';
import { RuleDialog } from './RuleDialog';
import { TagDialog } from './TagDialog';
import { AddRuleButton, DELETE_FAILED, TagRules, type RuleEdit } from './TagRules';

export const LOAD_FAILED = 'The tags could not be loaded. Try again later.';
export const APPLY_FAILED = 'The rules could not be applied. Try again later.';
export { DELETE_FAILED } from './TagRules';

const calls = (n: number) => (n === 1 ? '1 call' : `${n} calls`);

/** /tags: the account's call tags with their colours, calls and rules; applying the rules to past calls. */
export function TagsPage({ title }: { title: string }) {
  const [rule, setRule] = useState<RuleEdit | null>(null);
  return (
    <RecordsPage
      title={title}
      load={getTags}
      failedText={LOAD_FAILED}
      rows={(data) => data.tags}
      canEdit={(data) => data.canEdit}
      intro={() => (
        <p>
          Tags mark calls in the call log. Rules put a tag on each new call that meets all their conditions; you can
          also tag a call by hand from its details in the call log.
        </p>
      )}
      add={{ label: 'Add tag' }}
      toolbar={(page) => (
        <>
          <ActionButton
            label="Apply to past calls"
            run={async () => (await applyRules()).message}
            failedText={APPLY_FAILED}
            page={page}
          />
          <span className="field-hint">Runs the rules over the calls of the last {page.data.applyDays} days.</span>
        </>
      )}
      label="Tags"
      name={(tag) => tag.description}
      emptyText="No tags yet."
      columns={(page) => [
        {
          id: 'tag',
          header: 'Tag',
          cell: (tag: TagView) => <TagChip name={tag.description} colour={tag.colour} />,
          sortValue: (tag) => tag.description,
        },
        {
          id: 'calls',
          header: 'Calls (30 days)',
          cell: (tag) => (
            <Link to={`/reports?tag=${tag.id}`} aria-label={`${tag.calls30Days} calls tagged ${tag.description} in the call log`}>
              {tag.calls30Days}
            </Link>
          ),
          sortValue: (tag) => tag.calls30Days,
        },
        {
          id: 'rules',
          header: 'Rules',
          cell: (tag) => <TagRules tag={tag} canEdit={page.canEdit} onEdit={setRule} askDelete={page.askDelete} />,
        },
      ]}
      rowActions={(tag) => <AddRuleButton tag={tag} onAdd={setRule} />}
      editor={(tag, page) => (
        <TagDialog
          tag={tag}
          taken={page.data.tags.filter((t) => t.id !== tag?.id).map((t) => t.description)}
          onClose={page.close}
          onSaved={page.saved}
        />
      )}
      remove={{
        question: (tag) => tag.deleteQuestion,
        run: async (tag) => `The tag was deleted and taken off ${calls((await deleteTag(tag.id)).calls)}.`,
        failed: () => DELETE_FAILED,
      }}
    >
      {(page) => rule && <RuleDialog edit={rule} page={page} onClose={() => setRule(null)} />}
    </RecordsPage>
  );
}
