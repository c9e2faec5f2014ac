import type { ComponentProps } from 'react';
import { CallRuleDialog } from '../../../components/CallRuleDialog';
import { saveLeadRule } from '../api';

export { RULE_SAVE_FAILED } from '../../../components/CallRuleDialog';

type Shared = Omit<ComponentProps<typeof CallRuleDialog>, 'title' | 'intro' | 'save'>;

/** Add lead rule / Edit lead rule: the tag rules' conditions, which a good lead meets. */
export function LeadRuleDialog({ id, ...shared }: Shared & { id: number | null }) {
  return (
    <CallRuleDialog
      {...shared}
      title={id === null ? 'Add lead rule' : 'Edit lead rule'}
      intro="A call is a good lead when it meets every condition of any lead rule."
      save={async (values) => {
        await saveLeadRule(id, values);
        return 'The lead rule was saved. Apply to past calls to score the calls it finds.';
      }}
    />
  );
}
