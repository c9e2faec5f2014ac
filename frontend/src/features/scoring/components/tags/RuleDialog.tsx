import { CallRuleDialog } from '../../../../components/CallRuleDialog';
import type { RecordsPageState } from '../../../../components/records/RecordsPage';
import { saveRule, type TagsPage, type TagView } from '../../api/tags';
import type { RuleEdit } from './TagRules';

export { RULE_SAVE_FAILED } from '../../../../components/CallRuleDialog';

/** Add rule / Edit rule: the conditions a call must all meet to get the tag. */
export function RuleDialog({
  edit: { tag, target, initial },
  page,
  onClose,
}: {
  edit: RuleEdit;
  page: RecordsPageState<TagsPage, TagView>;
  onClose: () => void;
}) {
  return (
    <CallRuleDialog
      title={'ruleId' in target ? `Edit rule of ${tag.description}` : `Add rule to ${tag.description}`}
      intro="A call gets the tag when it meets every condition you set."
      initial={initial}
      sources={page.data.sources}
      campaigns={page.data.campaigns}
      outcomes={page.data.outcomes}
      save={async (values) => {
        await saveRule(target, values);
        return 'The rule was saved. Apply to past calls to tag the calls it finds.';
      }}
      onClose={onClose}
      onSaved={(text) => {
        onClose();
        page.succeeded(text);
      }}
    />
  );
}
