import { useId, useMemo, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { Icon } from '../../../components/Icon';
import { fitDestinationPlan, routingConstants, validateDestinationPlan } from '../../../domain/routing';
import { type DestinationPlanForm, type DestinationRow } from '../../../domain';
import { type RoutingRecord } from '../../../domain/history';
import type { FormFields } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { getDestinationPlanDetails, saveDestinationPlan, toId, type DestinationPlanDetails } from '../api/editors';
import { InCallAttributionSelector } from '../selectors/InCallAttributionSelector';
import { DestinationNumberSelector } from '../selectors/DestinationNumberSelector';
import { QueueSelector } from '../selectors/QueueSelector';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { AffectedDialog, HeadsUp, NOTHING_AFFECTED, isAffected, type Affected } from './AffectedDialog';
import { EditorActions, type SaveAction } from './EditorActions';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { DESTINATION_PLAN_FAILED } from './messages';
import { useEditorForm } from './useEditorForm';
import { ImpactSummary } from './ImpactSummary';
import { RecordHistoryLink } from './RecordHistoryLink';
import { useEditImpact } from './useEditImpact';

export interface DestinationPlanDialogProps {
  open: boolean;
  /** The plan to edit; 0 adds a new one. */
  id: number;
  onClose: () => void;
  /** After a save, with the plan's id; the destination plan list has reloaded. */
  onSaved: (id: number) => void;
}

type PlanType = 0 | 1;
const PLAN_TYPES: [PlanType, string][] = [
  [0, 'Hunt group'],
  [1, 'Multi dial'],
];
const FIELDS = /^(form_description|form_no_response_destination|form_queue|form_incall|(form_destination|form_ring_length)\[(\d+)\])$/;

/** The form's fields, with row fields of rows the form has (a removed row's messages go to the banner). */
function known(key: string, form: DestinationPlanForm) {
  const match = FIELDS.exec(key);
  return match !== null && (match[3] === undefined || Number(match[3]) < form.destinations.length);
}

/** The ring lengths a row offers: multi dial rings all at once, for the first row's length. */
function ringLengths(planType: number): number[] {
  const constants = routingConstants();
  return planType === 1 ? constants.ringLengthsMultiDial : constants.ringLengths;
}

function formFromDetails(details: DestinationPlanDetails): DestinationPlanForm {
  const planType: PlanType = Number(details.plan?.planType) === 1 ? 1 : 0;
  const rows = (details.planDestinations ?? []).map(
    (row, i): DestinationRow => ({
      destination: toId(row.destination),
      ringLength: Number(planType === 1 && i === 0 ? row.ringLengthMultiDial || row.ringLength : row.ringLength) || 0,
    }),
  );
  return fitDestinationPlan({
    description: details.plan?.description ?? '',
    planType,
    queue: toId(details.plan?.queue),
    incall: toId(details.plan?.attributionId),
    noResponseDestination: toId(details.plan?.noResponseDestination),
    destinations: rows.length > 0 ? rows : [{ destination: 0, ringLength: 0 }],
  });
}

function newForm(): DestinationPlanForm {
  return {
    description: '',
    planType: 0,
    queue: 0,
    incall: 0,
    noResponseDestination: 0,
    destinations: [{ destination: 0, ringLength: routingConstants().defaultRingLength }],
  };
}

function saveFields(form: DestinationPlanForm, recordId: number): FormFields {
  const fields: FormFields = {
    form_description: form.description,
    form_record_id: recordId,
    form_queue: form.queue,
    form_incall: form.incall,
    form_plan_type: form.planType,
  };
  if (form.planType === 1) fields.form_no_response_destination = form.noResponseDestination;
  form.destinations.forEach((row, i) => {
    fields[`form_destination[${i}]`] = row.destination;
    fields[`form_ring_length[${i}]`] = form.planType === 1 && i > 0 ? 0 : row.ringLength;
  });
  return fields;
}

/** The destination plan dialog (Hunt group / Multi dial). */
export function DestinationPlanDialog(props: DestinationPlanDialogProps) {
  if (!props.open) return null;
  return <DestinationPlanLoader key={props.id} {...props} />;
}

function DestinationPlanLoader({ id, onClose, onSaved }: DestinationPlanDialogProps) {
  const [load] = useLoader(id > 0 ? () => getDestinationPlanDetails(id) : null, [id]);
  if (id === 0) {
    return <DestinationPlanEditor id={0} initial={newForm()} affected={NOTHING_AFFECTED} onClose={onClose} onSaved={onSaved} />;
  }
  if (load.status !== 'ready') {
    return <EditorLoadState title="Edit destination plan" failed={load.status === 'failed'} onClose={onClose} />;
  }
  const affected: Affected = {
    numbers: (load.data.affectedNumbers ?? []).map((item) => String(item.number)),
    pools: (load.data.affectedNumberSets ?? []).map((item) => item.description),
  };
  return (
    <DestinationPlanEditor
      id={id}
      initial={formFromDetails(load.data)}
      affected={affected}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function DestinationPlanEditor({
  id,
  initial,
  affected,
  onClose,
  onSaved,
}: {
  id: number;
  initial: DestinationPlanForm;
  affected: Affected;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const library = useRoutingLibrary();
  const typeLabel = useId();
  const [affectedDialog, setAffectedDialog] = useState<'show' | 'confirm' | null>(null);
  const { content, form, setForm, change, errorOf, touch, setServerErrors, unplaced, saving, busy, failure, save } =
    useEditorForm<DestinationPlanForm>({ noun: 'Destination plan',
      initial,
      validate: validateDestinationPlan,
      items: library.routings.items,
      id,
      known,
      failedMessage: DESTINATION_PLAN_FAILED,
    });
  const edited = useMemo((): RoutingRecord[] | null => (id ? [{ kind: 'destinationPlan', id, form }] : null), [id, form]);
  const impact = useEditImpact(edited);

  function changeRow(index: number, patch: Partial<DestinationRow>, key: string) {
    setForm((current) => ({
      ...current,
      destinations: current.destinations.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    }));
    touch(key);
  }

  function setRows(destinations: DestinationRow[]) {
    setForm((current) => ({ ...current, destinations }));
    setServerErrors({});
  }

  function submit(action: SaveAction, confirmed = false) {
    void save(
      action,
      async (asNew) => {
        const recordId = asNew ? 0 : id;
        const savedId = await saveDestinationPlan(recordId, saveFields(form, recordId));
        await library.reloadRoutings();
        return savedId;
      },
      {
        proceed: () => {
          if (action === 'update' && isAffected(affected) && !confirmed) {
            setAffectedDialog('confirm');
            return false;
          }
          setAffectedDialog(null);
          return true;
        },
        done: onSaved,
      },
    );
  }

  const lengths = ringLengths(form.planType);
  const multi = form.planType === 1;

  return (
    <Dialog
      open
      title={id ? 'Edit destination plan' : 'Add destination plan'}
      onClose={onClose}
      onSubmit={() => submit(id ? 'update' : 'save')}
      busy={busy}
      actions={
        <EditorActions
          existing={Boolean(id)}
          saving={saving}
          onCancel={onClose}
          onSaveAsNew={() => submit('saveAsNew')}
        />
      }
    >
      <div ref={content} className="destination-plan-editor">
        {isAffected(affected) && <HeadsUp onShow={() => setAffectedDialog('show')} />}
        <RecordHistoryLink kind="destinationPlan" id={id} />
        <EditorBanner messages={[...unplaced, failure]} />
        <div className="template-chooser">
          <span id={typeLabel} className="template-chooser-label">
            Plan type
          </span>
          <div className="toggle-group" role="group" aria-labelledby={typeLabel}>
            {PLAN_TYPES.map(([planType, label]) => (
              <button
                key={planType}
                type="button"
                className="toggle-button"
                aria-pressed={form.planType === planType}
                disabled={busy}
                onClick={() => {
                  setForm((current) => fitDestinationPlan({ ...current, planType }));
                  touch('form_ring_length[0]');
                }}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
        <TextField
          label="Description"
          name="form_description"
          value={form.description}
          error={errorOf('form_description')}
          onChange={(description) => change({ description }, 'form_description')}
          disabled={busy}
        />
        <div className="form-columns">
          <QueueSelector
            label="Queue"
            name="form_queue"
            value={form.queue}
            error={errorOf('form_queue')}
            onChange={(queue) => change({ queue }, 'form_queue')}
            disabled={busy}
          />
          <InCallAttributionSelector
            label="In-call attribution"
            name="form_incall"
            value={form.incall}
            error={errorOf('form_incall')}
            onChange={(incall) => change({ incall }, 'form_incall')}
            disabled={busy}
          />
        </div>
        <div className="table-scroll">
          <table className="destination-rows" aria-label="Destinations">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Destination</th>
                <th scope="col">Ring length</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {form.destinations.map((row, i) => (
                <tr key={i}>
                  <th scope="row">{i + 1}</th>
                  <td>
                    <DestinationNumberSelector
                      label={`Destination, row ${i + 1}`}
                      hideLabel
                      value={row.destination}
                      error={errorOf(`form_destination[${i}]`)}
                      onChange={(destination) => changeRow(i, { destination }, `form_destination[${i}]`)}
                      disabled={busy}
                    />
                  </td>
                  <td>
                    {multi && i > 0 ? (
                      <span className="field-hint">Rings with row 1</span>
                    ) : (
                      <RingLengthSelect
                        row={i + 1}
                        value={row.ringLength}
                        lengths={lengths}
                        error={errorOf(`form_ring_length[${i}]`)}
                        onChange={(ringLength) => changeRow(i, { ringLength }, `form_ring_length[${i}]`)}
                        disabled={busy}
                      />
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="row-action row-action-danger"
                      aria-label={`Remove destination ${i + 1}`}
                      title={`Remove destination ${i + 1}`}
                      disabled={busy || form.destinations.length === 1}
                      onClick={() => setRows(form.destinations.filter((_, j) => j !== i))}
                    >
                      <Icon name="delete" size={20} />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            setRows(
              fitDestinationPlan({ ...form, destinations: [...form.destinations, { destination: 0, ringLength: 0 }] })
                .destinations,
            )
          }
        >
          <Icon name="add" size={18} /> Add destination
        </button>
        {multi && (
          <DestinationNumberSelector
            label="No-response destination"
            name="form_no_response_destination"
            noneLabel="None"
            value={form.noResponseDestination}
            error={errorOf('form_no_response_destination')}
            onChange={(noResponseDestination) => change({ noResponseDestination }, 'form_no_response_destination')}
            disabled={busy}
          />
        )}
        {impact && <ImpactSummary impact={impact} />}
      </div>
      <AffectedDialog
        open={affectedDialog !== null}
        affected={affected}
        onClose={() => setAffectedDialog(null)}
        onConfirm={affectedDialog === 'confirm' ? () => submit('update', true) : undefined}
      />
    </Dialog>
  );
}

function RingLengthSelect({
  row,
  value,
  lengths,
  error,
  onChange,
  disabled,
}: {
  row: number;
  value: number;
  lengths: number[];
  error?: string;
  onChange: (value: number) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className={`field field-inline${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        Ring length, row {row}
      </label>
      <select
        id={id}
        value={String(value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {!lengths.includes(value) && <option value={String(value)}>Select</option>}
        {lengths.map((seconds) => (
          <option key={seconds} value={String(seconds)}>
            {seconds} seconds
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
