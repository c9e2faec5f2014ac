import { validateTagRule } from '../domain/tags';
import type { CallRuleValues } from '../lib/callRules';
import { CheckboxField, SelectField, TextField, type Option } from './fields';
import { RecordDialog } from './records/RecordDialog';


export const RULE_SAVE_FAILED = 'The rule could not be saved. Try again later.';
const EMPTY: CallRuleValues = { sourceMedium: '', campaign: '', minDuration: '', key: '', firstTime: '', outcome: '' };
const KEYS: Option[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '*', '#'].map((k) => ({ value: k, label: k }));

/**
 * Add / edit a call rule: the conditions a call must all meet (source / medium, campaign, a
 * minimum duration, a key pressed, the outcome, first-time callers), checked as typed by the
 * domain's tag rule check, which the tags and the lead scoring rules share.
 */
export function CallRuleDialog({
  title,
  intro,
  save,
  initial,
  sources,
  campaigns,
  outcomes,
  onClose,
  onSaved,
}: {
  title: string;
  /** What meeting the conditions does, above the form. */
  intro: string;
  /** Saves the rule; resolves with the sentence that says it was saved. */
  save: (values: CallRuleValues) => Promise<string>;
  initial: CallRuleValues | null;
  sources: Option[];
  campaigns: Option[];
  outcomes: Option[];
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  return (
    <RecordDialog
      title={title}
      intro={intro}
      submitLabel="Save rule"
      initial={initial ?? EMPTY}
      validate={validateTagRule}
      save={save}
      failedText={RULE_SAVE_FAILED}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          {form.errorOf('form_conditions') && (
            <p role="alert" className="banner banner-error">
              {form.errorOf('form_conditions')}
            </p>
          )}
          <SelectField
            label="Source / medium"
            {...form.field('sourceMedium', 'form_source_medium')}
            options={sources}
            placeholder="Any"
          />
          <SelectField label="Campaign" {...form.field('campaign', 'form_campaign')} options={campaigns} placeholder="Any" />
          <TextField
            label="Talked for at least (seconds)"
            {...form.field('minDuration', 'form_min_duration')}
            inputMode="numeric"
          />
          <SelectField label="Key pressed in a menu" {...form.field('key', 'form_key')} options={KEYS} placeholder="Any" />
          <SelectField label="Outcome" {...form.field('outcome', 'form_outcome')} options={outcomes} placeholder="Any" />
          <CheckboxField
            label="First-time callers only"
            name="form_first_time"
            checked={form.values.firstTime === '1'}
            onChange={(checked) => form.update((v) => ({ ...v, firstTime: checked ? '1' : '' }), 'form_first_time')}
            disabled={form.busy}
          />
        </>
      )}
    </RecordDialog>
  );
}
