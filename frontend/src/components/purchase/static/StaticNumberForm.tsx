import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CheckboxField, SelectField, TextField } from '../../fields';
import { validateStaticNumber, type InlineList, type StaticNumberForm as Form } from '../../../domain/services';
import { validationErrors } from '../../../lib/api';
import { withContact } from '../../../lib/contact';
import { formatUk } from '../../../domain/reports';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { buyNumbers, searchForNumbers, type Item, type StaticDetails } from './api';
import { InlineAddDialog } from './InlineAddDialog';
import { FORM_FAILED, NO_NUMBERS_LEFT, PURCHASE_FAILED, RECORDING_DISABLED, staticAdded } from './messages';
import { NewServicePlanDialog } from './NewServicePlanDialog';
import { PriceDialog } from '../PriceDialog';
import { PurchaseNote } from '../PurchaseNote';
import { DismissibleBanner } from '../../DismissibleBanner';

/** The lists with an inline add dialog: the list, its label, and the details key. */
const LISTS: [InlineList, string, 'campaigns' | 'channels' | 'departments' | 'mediaOwners', keyof Form][] = [
  ['campaign', 'Campaign', 'campaigns', 'campaign'],
  ['channel', 'Channel', 'channels', 'channel'],
  ['department', 'Department', 'departments', 'department'],
  ['mediaOwner', 'Media owner', 'mediaOwners', 'mediaOwner'],
];

/** Where a purchase goes on to (spec "Static number form"): the back query's page, else the campaign. */
export function afterPurchase(back: string | null, number: string, campaign: number): string {
  if (back === 'GoogleBusinessProfile') return `/googlebusinessprofile?number=${encodeURIComponent(number)}`;
  if (back === 'FacebookPages') return `/facebookpages?number=${encodeURIComponent(number)}`;
  return `/campaigns/${campaign}`;
}

const EMPTY: Form = {
  prefix: 0,
  destinationPlan: 0,
  callRecording: false,
  campaign: 0,
  mediaDescription: '',
  channel: 0,
  department: 0,
  mediaOwner: 0,
};

type Pending = { id: number; number: string };

/**
 * The static number form: validated as typed by the domain, then a number searched and bought.
 * As a page it goes on as the spec says; in a modal (onDone) it hands the number back instead.
 */
export function StaticNumberForm({
  details: loaded,
  onDone,
  onCancel,
}: {
  details: StaticDetails;
  onDone?: (number: string) => void;
  onCancel?: () => void;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = params.get('back');
  const [details, setDetails] = useState(loaded);
  const [form, setForm] = useState<Form>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [adding, setAdding] = useState<InlineList | 'plan' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const errors = validateStaticNumber(form);
  const { errorOf, left, touchAll, changed, setServerErrors } = useFieldMessages(errors);

  function change<K extends keyof Form>(field: K, value: Form[K]) {
    setForm({ ...form, [field]: value });
    changed(field);
  }
  const blur = (field: string) => () => left(field);

  async function buy(number: Pending, terms: boolean) {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await buyNumbers({ ...form, numbers: [number.id], terms });
      const bought = answer.numbers[0] ?? number.number;
      if (onDone) return onDone(bought);
      navigate(afterPurchase(back, bought, form.campaign), {
        state: { notice: staticAdded(formatUk(bought)), bought: answer.numbers },
      });
    } catch (caught) {
      const fields = validationErrors(caught);
      setPending(null);
      setBusy(false);
      if (fields && Object.keys(fields).length > 0) {
        setServerErrors(fields);
        if (fields.numbers) setFailure(fields.numbers);
      } else {
        setFailure(withContact(PURCHASE_FAILED));
      }
    }
  }

  async function save() {
    touchAll(Object.keys(EMPTY));
    setFailure(null);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const { numbers } = await searchForNumbers(form.prefix);
      const first = numbers[0];
      if (!first) {
        setFailure(NO_NUMBERS_LEFT);
        setBusy(false);
        return;
      }
      if (details.staticsAvailableOnAccount > 0) {
        await buy(first, false);
      } else {
        setBusy(false);
        setPending(first);
      }
    } catch {
      setFailure(FORM_FAILED);
      setBusy(false);
    }
  }

  /** A new list item goes to the top of its list and is chosen. */
  function added(key: (typeof LISTS)[number][2], field: keyof Form, item: Item) {
    setDetails({ ...details, [key]: [item, ...details[key]] });
    setForm({ ...form, [field]: item.id });
    setAdding(null);
  }

  const optionsOf = (items: Item[]) => items.map((item) => ({ value: String(item.id), label: item.description }));
  const idValue = (id: number) => (id ? String(id) : '');

  return (
    <form
      noValidate
      className="card purchase-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {failure && <DismissibleBanner text={failure} onDismiss={() => setFailure(null)} />}
      <SelectField
        label="Prefix"
        value={idValue(form.prefix)}
        placeholder="Choose a prefix"
        options={details.prefixes.map((p) => ({ value: String(p.id), label: `${p.prefix} (${p.description})` }))}
        onChange={(value) => change('prefix', Number(value) || 0)}
        onBlur={blur('prefix')}
        error={errorOf('prefix')}
        disabled={busy}
      />
      <div className="field-with-action">
        <SelectField
          label="Destination plan"
          value={idValue(form.destinationPlan)}
          placeholder="Choose a plan"
          options={details.destinationPlans.map((p) => ({ value: String(p.id), label: p.plan }))}
          onChange={(value) => change('destinationPlan', Number(value) || 0)}
          onBlur={blur('destinationPlan')}
          error={errorOf('destinationPlan')}
          disabled={busy}
        />
        <button type="button" className="button" onClick={() => setAdding('plan')} disabled={busy}>
          New service plan
        </button>
      </div>
      <CheckboxField
        label="Call recording"
        switchRole
        checked={form.callRecording}
        onChange={(checked) => change('callRecording', checked)}
        disabled={busy || !details.callRecordingAvailable}
        hint={details.callRecordingAvailable ? undefined : RECORDING_DISABLED}
        error={errorOf('callRecording')}
      />
      <TextField
        label="Media description"
        value={form.mediaDescription}
        onChange={(value) => change('mediaDescription', value)}
        onBlur={blur('mediaDescription')}
        error={errorOf('mediaDescription')}
        disabled={busy}
      />
      {LISTS.map(([list, label, key, field]) => (
        <div className="field-with-action" key={list}>
          <SelectField
            label={label}
            value={idValue(form[field] as number)}
            placeholder={list === 'campaign' ? 'Choose a campaign' : 'None'}
            options={optionsOf(details[key])}
            onChange={(value) => change(field, (Number(value) || 0) as never)}
            onBlur={blur(field)}
            error={errorOf(field)}
            disabled={busy}
          />
          <button
            type="button"
            className="button"
            onClick={() => setAdding(list)}
            disabled={busy}
            aria-label={`Add ${label.toLowerCase()}`}
          >
            Add
          </button>
        </div>
      ))}
      <PurchaseNote note={details.purchaseNote} />
      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : (
          <Link className="button" to={back && back.startsWith('/') ? back : '/services/'}>
            Back
          </Link>
        )}
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Buying…' : 'Buy'}
        </button>
      </div>
      {adding === 'plan' && (
        <NewServicePlanDialog
          details={details}
          onClose={() => setAdding(null)}
          onCreated={(plan) => {
            setDetails({ ...details, destinationPlans: [plan, ...details.destinationPlans] });
            setForm({ ...form, destinationPlan: plan.id });
            setAdding(null);
          }}
        />
      )}
      {LISTS.filter(([list]) => adding === list).map(([list, label, key, field]) => (
        <InlineAddDialog
          key={list}
          list={list}
          title={`Add ${label.toLowerCase()}`}
          taken={details[key].map((item) => item.description)}
          onClose={() => setAdding(null)}
          onAdded={(item) => added(key, field, item)}
        />
      ))}
      {pending && (
        <PriceDialog
          note={details.purchaseNote.text}
          title="Buy a static number"
          item={formatUk(pending.number)}
          prices={details.pricelist}
          busy={busy}
          onClose={() => setPending(null)}
          onBuy={() => void buy(pending, true)}
        />
      )}
    </form>
  );
}
