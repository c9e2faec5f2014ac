import { useId } from 'react';
import { isUkCode, ukCodeId } from '../../../lib/countryCodes';
import { Dialog } from '../../../components/Dialog';
import { CheckboxField, SelectField, TextField } from '../../../components/fields';
import { validateDestinationNumber } from '../../../domain/routing';
import { formatUk } from '../../../domain/reports';
import { type DestinationNumberForm } from '../../../domain';
import { storeDestinationNumber, updateDestinationNumber, type InternationalCode } from '../api/editors';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { EditorActions } from './EditorActions';
import { RecordHistoryLink } from './RecordHistoryLink';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { useEditorForm } from './useEditorForm';

export interface DestinationNumberDialogProps {
  open: boolean;
  /** The destination number to edit; 0 adds a new one. */
  id: number;
  onClose: () => void;
  /** After a save, with the number's id; the destination numbers have reloaded. */
  onSaved: (id: number) => void;
}

const KNOWN = new Set(['form_number_description', 'form_destination_number', 'form_international_code', 'form_mailbox']);
const known = (key: string) => KNOWN.has(key);


/** UK first: the code the product defaults to (spec: default country code 44). */
function defaultCode(codes: InternationalCode[]): number {
  return ukCodeId(codes);
}

/** A stored destination as shown: a UK one as every screen writes numbers, another as stored. */
function shownDestination(destination: string, code: number, codes: InternationalCode[]): string {
  const uk = codes.find((c) => c.id === code);
  return uk && isUkCode(uk) ? formatUk(destination) : destination;
}

/** The destination number dialog: the number is set once, on insert; later only its name and mailbox. */
export function DestinationNumberDialog(props: DestinationNumberDialogProps) {
  const library = useRoutingLibrary();
  if (!props.open) return null;
  const title = props.id ? 'Edit destination number' : 'Add destination number';
  const { destinations, internationalCodes } = library;
  if (destinations.status !== 'ready') {
    return <EditorLoadState title={title} failed={destinations.status === 'failed'} onClose={props.onClose} />;
  }
  const record = props.id ? destinations.items.find((item) => item.id === props.id) : undefined;
  if (props.id && !record) return <EditorLoadState title={title} failed onClose={props.onClose} />;
  const initial: DestinationNumberForm = record
    ? {
        description: record.description,
        destination: record.destination,
        internationalCode: record.internationalCode,
        mailbox: record.mailbox,
        insert: false,
      }
    : {
        description: '',
        destination: '',
        internationalCode: defaultCode(internationalCodes.items),
        mailbox: 0,
        insert: true,
      };
  return <DestinationNumberEditor key={props.id} {...props} title={title} initial={initial} codes={internationalCodes.items} />;
}

function DestinationNumberEditor({
  id,
  title,
  initial,
  codes,
  onClose,
  onSaved,
}: DestinationNumberDialogProps & { title: string; initial: DestinationNumberForm; codes: InternationalCode[] }) {
  const library = useRoutingLibrary();
  const numberId = useId();
  const { content, form, change, errorOf, unplaced, busy, failure, save } = useEditorForm({ noun: 'Destination number',
    initial,
    validate: validateDestinationNumber,
    items: library.destinations.items,
    id,
    known,
  });

  function submit() {
    void save(
      id ? 'update' : 'save',
      async () => {
        const code = codes.find((c) => c.id === form.internationalCode);
        const savedId = form.insert
          ? await storeDestinationNumber({
              form_number_description: form.description,
              form_destination_number: form.destination,
              form_international_code: form.internationalCode,
              form_country_code: code?.code ?? '',
              form_mailbox: form.mailbox,
            })
          : await updateDestinationNumber({
              form_number_description: form.description,
              form_record_id: id,
              form_mailbox: form.mailbox,
            });
        await library.reloadDestinations();
        return savedId;
      },
      { done: onSaved },
    );
  }

  const numberError = errorOf('form_destination_number');
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      actions={<EditorActions existing={!form.insert} saving={busy} onCancel={onClose} />}
    >
      <div ref={content}>
        <RecordHistoryLink kind="destinationNumber" id={id} />
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="form_number_description"
          value={form.description}
          error={errorOf('form_number_description')}
          onChange={(description) => change({ description }, 'form_number_description')}
          disabled={busy}
        />
        {form.insert && (
          <SelectField
            label="International code"
            name="form_international_code"
            value={form.internationalCode ? String(form.internationalCode) : ''}
            placeholder="Select an international code"
            options={codes.map((code) => ({ value: String(code.id), label: `${code.description} (${code.code})` }))}
            error={errorOf('form_international_code')}
            onChange={(value) => change({ internationalCode: Number(value) || 0 }, 'form_international_code')}
            disabled={busy}
          />
        )}
        {form.insert ? (
          <TextField
            label="Destination number"
            name="form_destination_number"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            value={form.destination}
            error={numberError}
            onChange={(destination) => change({ destination }, 'form_destination_number')}
            disabled={busy}
          />
        ) : (
          <div className={`field${numberError ? ' field-invalid' : ''}`}>
            <label htmlFor={numberId}>Destination number</label>
            <input
              id={numberId}
              name="form_destination_number"
              readOnly
              value={shownDestination(form.destination, form.internationalCode, codes)}
              aria-describedby={`${numberId}-hint`}
            />
            <p id={`${numberId}-hint`} className="field-hint">
              {numberError ?? 'The number cannot be changed; add a new destination number instead.'}
            </p>
          </div>
        )}
        <CheckboxField
          label="Mailbox"
          name="form_mailbox"
          switchRole
          checked={form.mailbox === 1}
          error={errorOf('form_mailbox')}
          onChange={(on) => change({ mailbox: on ? 1 : 0 }, 'form_mailbox')}
          disabled={busy}
        />
      </div>
    </Dialog>
  );
}
