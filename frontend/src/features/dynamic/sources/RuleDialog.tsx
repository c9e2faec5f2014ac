import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { DialogActions } from '../../../components/DialogActions';
import { SelectField, TextField } from '../../../components/fields';
import { validateSourceRule } from '../../../domain/sources';
import { fieldErrorsOf } from '../../../lib/api';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { saveRule, type RuleRow } from './api';

export const FIELDS = [
  { value: 'utmSource', label: 'UTM source (utm_source)' },
  { value: 'utmMedium', label: 'UTM medium (utm_medium)' },
  { value: 'utmCampaign', label: 'UTM campaign (utm_campaign)' },
  { value: 'clickId', label: 'Click id on the landing page' },
  { value: 'referrerHost', label: "Referrer's host" },
  { value: 'referrerGroup', label: 'Referrer group' },
  { value: 'landingPath', label: 'Landing page path' },
  { value: 'always', label: 'Always (every visit)' },
];
const OPS = [
  { value: 'equals', label: 'equals' },
  { value: 'contains', label: 'contains' },
];
const CHOICES: Record<string, { value: string; label: string }[]> = {
  clickId: ['gclid', 'msclkid', 'fbclid'].map((id) => ({ value: id, label: id })),
  referrerGroup: [
    { value: 'search', label: 'Search engines' },
    { value: 'social', label: 'Social networks' },
  ],
};
const HINTS: Record<string, string> = {
  referrerHost: 'A host such as bing.com: its subdomains match too.',
  landingPath: "Starts with '/', compared exactly (letter case too).",
};

/** Adds a rule to a pair, or edits one (`rule` given). */
export function RuleDialog({
  open,
  sourceId,
  rule,
  onClose,
  onSaved,
}: {
  open: boolean;
  sourceId: number;
  rule?: RuleRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [field, setField] = useState<string>(rule?.field ?? 'utmSource');
  const [op, setOp] = useState<string>(rule?.op ?? 'equals');
  const [value, setValue] = useState(rule?.value ?? '');
  const { errorOf, setServerErrors } = useFieldMessages({});
  const [busy, setBusy] = useState(false);
  const hasOp = field.startsWith('utm') || field === 'landingPath';
  const choices = CHOICES[field];

  function chooseField(next: string) {
    setField(next);
    setValue(CHOICES[next]?.[0]?.value ?? '');
    setServerErrors({});
  }

  async function submit() {
    const found = validateSourceRule({ field, op, value });
    setServerErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await saveRule({ id: rule?.id, sourceId, field, op, value });
      onSaved();
    } catch (error) {
      setServerErrors(fieldErrorsOf(error) ?? { value: 'The rule could not be saved. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={rule ? 'Edit rule' : 'Add rule'}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      actions={<DialogActions onCancel={onClose} submitLabel="Save rule" busyLabel="Saving…" busy={busy} />}
    >
      <SelectField label="The rule looks at" value={field} options={FIELDS} onChange={chooseField} error={errorOf('field')} />
      {hasOp && <SelectField label="Comparison" value={op} options={OPS} onChange={setOp} error={errorOf('op')} />}
      {choices && <SelectField label="Value" value={value} options={choices} onChange={setValue} error={errorOf('value')} />}
      {!choices && field !== 'always' && (
        <TextField label="Value" value={value} onChange={setValue} error={errorOf('value')} hint={HINTS[field]} />
      )}
    </Dialog>
  );
}
