import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/fields';
import { RecordDialog } from '../../../components/records/RecordDialog';
import { validateCta } from '../../../domain/cta';
import { saveCta, type CtaValues, type KindChoice } from './api';

export const SAVE_FAILED = 'The call-to-action could not be saved. Try again later.';

const EMPTY: CtaValues = { name: '', kind: 'call_link', selector: '', allPages: '1', pages: '' };

/** Add / Edit call-to-action: checked by the domain (through wasm) as typed, and by the server on save. */
export function CtaDialog({
  cta,
  kinds,
  taken,
  onClose,
  onSaved,
}: {
  cta: { id: number; form: CtaValues } | null;
  kinds: KindChoice[];
  taken: string[];
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  return (
    <RecordDialog
      title={cta ? 'Edit call-to-action' : 'Add call-to-action'}
      initial={cta ? { ...cta.form } : EMPTY}
      validate={(values) => validateCta(values, taken)}
      save={async (values) => {
        await saveCta(cta?.id ?? null, values);
        return `The call-to-action '${values.name.trim()}' was saved.`;
      }}
      failedText={SAVE_FAILED}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextField label="Name" {...form.field('name', 'form_name')} />
          <SelectField label="Kind" {...form.field('kind', 'form_kind')} options={kinds} />
          <TextField
            label="CSS selector"
            {...form.field('selector', 'form_selector')}
            hint={'The element the tracking script watches, e.g. a[href^="tel:"], #book-now or form.contact.'}
          />
          <CheckboxField
            label="All pages"
            name="form_all_pages"
            checked={form.values.allPages === '1'}
            onChange={(on) => form.update((v) => ({ ...v, allPages: on ? '1' : '' }))}
            disabled={form.busy}
          />
          {form.values.allPages !== '1' && (
            <TextAreaField
              label="Pages"
              {...form.field('pages', 'form_pages')}
              hint="One path a line, e.g. /contact; end with * for every page under it, e.g. /book*. At most 20."
            />
          )}
        </>
      )}
    </RecordDialog>
  );
}
