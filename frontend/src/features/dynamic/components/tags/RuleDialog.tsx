import type { ComponentProps } from 'react';
import { CallRuleDialog } from '../../../../components/CallRuleDialog';
import { saveRule } from '../../api/tags';

export { RULE_SAVE_FAILED } from '../../../../components/CallRuleDialog';

type Shared = Omit<ComponentProps<typeof CallRuleDialog>, 'title' | 'intro' | 'save'>;

/** Add rule / Edit rule: the conditions a call must all meet to get the tag. */
export function RuleDialog({
  tagName,
  target,
  ...shared
}: Shared & { tagName: string; target: { tagId: number } | { ruleId: number } }) {
  return (
    <CallRuleDialog
      {...shared}
      title={'ruleId' in target ? `Edit rule of ${tagName}` : `Add rule to ${tagName}`}
      intro="A call gets the tag when it meets every condition you set."
      save={(values) => saveRule(target, values)}
    />
  );
}
