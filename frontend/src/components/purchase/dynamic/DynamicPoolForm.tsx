import { useRef, useState } from 'react';
import { ukCodeId } from '../../../lib/countryCodes';
import { Link, useNavigate } from 'react-router';
import { CheckboxField, SelectField, TextField } from '../../fields';
import { validateDynamicPool, type DynamicPoolForm as Form } from '../../../domain/services';
import { validationErrors } from '../../../lib/api';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { PriceDialog } from '../PriceDialog';
import { PurchaseNote } from '../PurchaseNote';
import type { PriceList } from '../static/api';
import { FORM_FAILED } from '../static/messages';
import { NewServicePlanDialog } from '../static/NewServicePlanDialog';
import { checkEligibility, insertDynamicPool, type DynamicDetails } from './api';
import { DismissibleBanner } from '../../DismissibleBanner';

/** The first error is scrolled to this far below the top of the window (spec section 5). */
export const SCROLL_OFFSET_PX = 160;
/** The number format id of a custom format, appended to the offered ones. */
const CUSTOM = 0;

export const poolAdded = (name: string) => `${name} has been added successfully.`;

function defaults(details: DynamicDetails, dynamicUrl: number): Form {
  return {
    campaignId: dynamicUrl,
    campaignName: '',
    botsFlag: false,
    poolName: '',
    internationalCode: ukCodeId(details.internationalCodes.map((c) => ({ id: c.id, code: c.countryCode }))) || (details.internationalCodes[0]?.id ?? 0),
    numberPrefix: 0,
    numberFormat: details.numberFormats[0]?.id ?? CUSTOM,
    internationalFormat: details.internationalFormats[0]?.id ?? 1,
    customFormat: '',
    servicePlan: 0,
    callRecordingFlag: false,
    midCallDivertFlag: false,
    numbersToReplace: [''],
    introId: 0,
    whisperId: 0,
    postUrl: '',
    midCallFlag: false,
    midCallAudioOption: 0,
    dtmfPostCallOption: 0,
  };
}

/** Scrolls the first field in error into view, SCROLL_OFFSET_PX below the top, and focuses it. */
function showFirstError(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  window.scrollTo({ top: first.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX });
  first.focus({ preventScroll: true });
}

/**
 * A new dynamic URL with its first pool, or (dynamicUrl above 0) another pool on it: validated
 * by the domain, then checked for credits; beyond the plan's pools the price and terms come first.
 */
export function DynamicPoolForm({
  details: loaded,
  dynamicUrl,
  onDone,
  onCancel,
}: {
  details: DynamicDetails;
  dynamicUrl: number;
  /** In a modal: the pool's name is handed back instead of going to its dynamic URL's page. */
  onDone?: (name: string) => void;
  onCancel?: () => void;
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [details, setDetails] = useState(loaded);
  const [form, setForm] = useState<Form>(() => defaults(loaded, dynamicUrl));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [prices, setPrices] = useState<PriceList | null>(null);
  const [addingPlan, setAddingPlan] = useState(false);
  const errors = validateDynamicPool({ ...form, numbersToReplace: form.numbersToReplace });
  const { errorOf, left, touchAll, changed, setServerErrors } = useFieldMessages(errors);
  const locked = details.advancedSettingsLocked;
  const lockHint = locked ? details.upgradePrompt : undefined;

  function change<K extends keyof Form>(field: K, value: Form[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    changed(field);
  }
  const blur = (field: string) => () => left(field);

  async function insert(terms: boolean) {
    setBusy(true);
    try {
      const answer = await insertDynamicPool(form, terms);
      if (onDone) return onDone(form.poolName.trim());
      navigate(`/dynamicurls/${answer.campaignId}`, { state: { notice: poolAdded(form.poolName.trim()) } });
    } catch (caught) {
      setPrices(null);
      setBusy(false);
      const fields = validationErrors(caught);
      if (fields && Object.keys(fields).length > 0) {
        setServerErrors(fields);
        requestAnimationFrame(() => showFirstError(formRef.current));
      } else {
        setFailure(FORM_FAILED);
      }
    }
  }

  async function save() {
    touchAll([...Object.keys(form), ...form.numbersToReplace.map((_, i) => `numbersToReplace.${i}`)]);
    setFailure(null);
    if (Object.keys(errors).length > 0) {
      requestAnimationFrame(() => showFirstError(formRef.current));
      return;
    }
    setBusy(true);
    try {
      const eligibility = await checkEligibility(dynamicUrl);
      if (eligibility.enoughCredits) {
        await insert(false);
      } else {
        setBusy(false);
        setPrices(eligibility.priceList);
      }
    } catch {
      setFailure(FORM_FAILED);
      setBusy(false);
    }
  }

  const id = (value: number) => (value ? String(value) : '');
  const numberFormats = [...details.numberFormats, { id: CUSTOM, format: 'Custom' }];

  return (
    <form
      ref={formRef}
      noValidate
      className="card purchase-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {failure && <DismissibleBanner text={failure} onDismiss={() => setFailure(null)} />}
      {dynamicUrl === 0 && (
        <>
          <TextField
            label="Dynamic URL"
            value={form.campaignName}
            onChange={(value) => change('campaignName', value)}
            onBlur={blur('campaignName')}
            error={errorOf('campaignName')}
            hint="The website address whose visitors see this pool's numbers."
            disabled={busy}
          />
          <CheckboxField
            label="Filter out bots"
            switchRole
            checked={form.botsFlag}
            onChange={(checked) => change('botsFlag', checked)}
            disabled={busy}
          />
        </>
      )}
      <TextField
        label="Pool name"
        value={form.poolName}
        onChange={(value) => change('poolName', value)}
        onBlur={blur('poolName')}
        error={errorOf('poolName')}
        disabled={busy}
      />
      <SelectField
        label="International code"
        value={id(form.internationalCode)}
        options={details.internationalCodes.map((c) => ({ value: String(c.id), label: `${c.description} (+${c.countryCode})` }))}
        onChange={(value) => change('internationalCode', Number(value) || 0)}
        error={errorOf('internationalCode')}
        disabled={busy}
      />
      <SelectField
        label="Number prefix"
        value={id(form.numberPrefix)}
        placeholder="Choose a prefix"
        options={details.prefixes.map((p) => ({ value: String(p.id), label: `${p.prefix} (${p.description})` }))}
        onChange={(value) => change('numberPrefix', Number(value) || 0)}
        onBlur={blur('numberPrefix')}
        error={errorOf('numberPrefix')}
        disabled={busy}
      />
      <SelectField
        label="Number format"
        value={String(form.numberFormat)}
        options={numberFormats.map((f) => ({ value: String(f.id), label: f.format }))}
        onChange={(value) => change('numberFormat', Number(value))}
        error={errorOf('numberFormat')}
        disabled={busy}
      />
      {form.numberFormat === CUSTOM && (
        <TextField
          label="Custom format"
          value={form.customFormat}
          onChange={(value) => change('customFormat', value)}
          onBlur={blur('customFormat')}
          error={errorOf('customFormat')}
          hint="Ten X's stand for the number's digits, e.g. (XXXXX) XXXXX."
          disabled={busy}
        />
      )}
      <SelectField
        label="International format"
        value={String(form.internationalFormat)}
        options={details.internationalFormats.map((f) => ({ value: String(f.id), label: f.format }))}
        onChange={(value) => change('internationalFormat', Number(value))}
        error={errorOf('internationalFormat')}
        disabled={busy}
      />
      <div className="field-with-action">
        <SelectField
          label="Service plan"
          value={id(form.servicePlan)}
          placeholder="None"
          options={details.servicePlans.map((p) => ({ value: String(p.id), label: p.plan }))}
          onChange={(value) => change('servicePlan', Number(value) || 0)}
          error={errorOf('servicePlan')}
          disabled={busy}
        />
        <button type="button" className="button" onClick={() => setAddingPlan(true)} disabled={busy}>
          New service plan
        </button>
      </div>
      <CheckboxField
        label="Call recording"
        switchRole
        checked={form.callRecordingFlag}
        onChange={(checked) => change('callRecordingFlag', checked)}
        disabled={busy}
      />
      <CheckboxField
        label="Mid call divert"
        switchRole
        checked={form.midCallDivertFlag}
        onChange={(checked) => change('midCallDivertFlag', checked)}
        disabled={busy || locked}
        hint={lockHint ?? 'Lets whoever answers pass the caller on to another number during the call; the call stays tracked to this pool.'}
        error={errorOf('midCallDivertFlag')}
      />
      <fieldset className="field-group" aria-describedby="numbers-to-replace-hint">
        <legend>Numbers to replace</legend>
        <p id="numbers-to-replace-hint" className="field-hint">
          The phone numbers on your website that visitors see now: the tracking code swaps them for this pool's numbers.
        </p>
        {form.numbersToReplace.map((number, i) => (
          <div className="field-with-action" key={i}>
            <TextField
              label={`Number to replace ${i + 1}`}
              value={number}
              onChange={(value) => change('numbersToReplace', form.numbersToReplace.map((n, j) => (j === i ? value : n)))}
              onBlur={blur(`numbersToReplace.${i}`)}
              error={errorOf(`numbersToReplace.${i}`)}
              inputMode="tel"
              disabled={busy}
            />
            <button
              type="button"
              className="button"
              aria-label={`Remove number to replace ${i + 1}`}
              onClick={() => change('numbersToReplace', form.numbersToReplace.filter((_, j) => j !== i))}
              disabled={busy || form.numbersToReplace.length === 1}
            >
              Remove
            </button>
          </div>
        ))}
        {errorOf('numbersToReplace') && <p className="field-error">{errorOf('numbersToReplace')}</p>}
        <button
          type="button"
          className="button"
          onClick={() => change('numbersToReplace', [...form.numbersToReplace, ''])}
          disabled={busy}
        >
          Add a number to replace
        </button>
      </fieldset>
      <fieldset className="field-group">
        <legend>Advanced call handling</legend>
        {locked && <p className="field-hint">{details.upgradePrompt}</p>}
        <SelectField
          label="Intro audio"
          value={id(form.introId)}
          placeholder="None"
          options={details.audio.map((a) => ({ value: String(a.id), label: a.description }))}
          onChange={(value) => change('introId', Number(value) || 0)}
          disabled={busy}
        />
        <SelectField
          label="Whisper audio"
          value={id(form.whisperId)}
          placeholder="None"
          options={details.audio.map((a) => ({ value: String(a.id), label: a.description }))}
          onChange={(value) => change('whisperId', Number(value) || 0)}
          disabled={busy}
        />
        <TextField
          label="Post URL"
          value={form.postUrl}
          onChange={(value) => change('postUrl', value)}
          onBlur={blur('postUrl')}
          error={errorOf('postUrl')}
          hint="Optional: a web address of yours that receives each call's details (caller, number called, source) after the call ends."
          disabled={busy}
        />
        <CheckboxField
          label="Mid call attribution"
          switchRole
          checked={form.midCallFlag}
          onChange={(checked) => change('midCallFlag', checked)}
          disabled={busy || locked}
        />
        <SelectField
          label="Mid call audio"
          value={String(form.midCallAudioOption)}
          options={details.midCallAudioOptions.map((o) => ({ value: String(o.id), label: o.description }))}
          onChange={(value) => change('midCallAudioOption', Number(value) || 0)}
          disabled={busy || locked}
        />
        <SelectField
          label="Post call survey"
          value={id(form.dtmfPostCallOption)}
          placeholder="None"
          options={details.dtmfPostCallOptions.map((o) => ({ value: String(o.id), label: o.description }))}
          onChange={(value) => change('dtmfPostCallOption', Number(value) || 0)}
          disabled={busy || locked}
        />
      </fieldset>
      <PurchaseNote note={details.purchaseNote} />
      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : (
          <Link className="button" to="/services/">
            Back
          </Link>
        )}
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Buying…' : 'Buy'}
        </button>
      </div>
      {addingPlan && (
        <NewServicePlanDialog
          details={{
            countryCodes: details.internationalCodes.map((c) => ({ id: c.id, description: c.description, code: c.countryCode })),
            restrictedDestinationPrefixes: details.restrictedDestinationPrefixes,
            destinationPlans: details.servicePlans,
          }}
          onClose={() => setAddingPlan(false)}
          onCreated={(plan) => {
            setDetails({ ...details, servicePlans: [plan, ...details.servicePlans] });
            change('servicePlan', plan.id);
            setAddingPlan(false);
          }}
        />
      )}
      {prices && (
        <PriceDialog
          note={details.purchaseNote.text}
          title={dynamicUrl > 0 ? 'Buy a dynamic pool' : 'Buy a dynamic URL'}
          item="A new pool of numbers"
          prices={prices}
          busy={busy}
          onClose={() => setPrices(null)}
          onBuy={() => void insert(true)}
        />
      )}
    </form>
  );
}
