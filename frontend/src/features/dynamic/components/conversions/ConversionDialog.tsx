import { CheckboxField, SelectField, TextField } from '../../../../components/fields';
import { RecordDialog } from '../../../../components/records/RecordDialog';
import { validateConversion } from '../../../../domain/conversions';
import { saveConversion, type ActionView, type ConversionsPage, type ConversionValues } from '../../api/conversions';

export const SAVE_FAILED = 'The conversion could not be saved. Try again later.';

export function emptyConversion(defaultMinDuration: number): ConversionValues {
  return {
    name: '',
    platform: 'google_ads',
    value: '',
    minDuration: String(defaultMinDuration),
    outcome: '',
    sourceMedium: '',
    tag: '',
    active: '1',
  };
}

/** Add conversion / Edit conversion: the platform, the name and value, and which calls count, checked by the domain as typed. */
export function ConversionDialog({
  editing,
  data,
  onClose,
  onSaved,
}: {
  editing: ActionView | null;
  data: ConversionsPage;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const taken = data.conversions.filter((c) => c.id !== editing?.id).map((c) => c.name);
  return (
    <RecordDialog
      title={editing ? `Edit ${editing.form.name}` : 'Add conversion'}
      initial={editing ? (editing.form as unknown as ConversionValues) : emptyConversion(data.defaultMinDuration)}
      validate={(values) => validateConversion(values, taken)}
      save={async (values) => {
        await saveConversion(editing?.id ?? null, values);
        return `The conversion '${values.name.trim()}' was saved.`;
      }}
      failedText={SAVE_FAILED}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextField
            label="Name"
            {...form.field('name', 'form_name')}
            hint="As the conversion action is named in the ad platform."
          />
          <SelectField label="Ad platform" {...form.field('platform', 'form_platform')} options={data.platforms} />
          <TextField
            label="Value (£)"
            {...form.field('value', 'form_value')}
            inputMode="numeric"
            hint="Sent with each conversion in GBP; leave empty to send none."
          />
          <fieldset className="field-group">
            <legend>Which calls count</legend>
            <TextField
              label="Talked for at least (seconds)"
              {...form.field('minDuration', 'form_min_duration')}
              inputMode="numeric"
              hint="Google Ads counts a call from 60 seconds."
            />
            <SelectField label="Outcome" {...form.field('outcome', 'form_outcome')} options={data.outcomes} placeholder="Any" />
            <SelectField
              label="Source / medium"
              {...form.field('sourceMedium', 'form_source_medium')}
              options={data.sources}
              placeholder="Any"
            />
            <SelectField label="Tag" {...form.field('tag', 'form_tag')} options={data.tags} placeholder="Any" />
          </fieldset>
          <CheckboxField
            label="Active: send calls that count"
            name="form_active"
            checked={form.values.active !== '0'}
            onChange={(checked) => form.update((v) => ({ ...v, active: checked ? '1' : '0' }), 'form_active')}
            disabled={form.busy}
          />
        </>
      )}
    </RecordDialog>
  );
}
