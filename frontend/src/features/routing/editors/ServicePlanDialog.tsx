import { memo, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useSnackbar } from '../../../components/Snackbar';
import { savedMessage } from './useEditorForm';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { Icon } from '../../../components/Icon';
import { type RoutingRecord } from '../../../domain/history';
import { defaultTimeRow, setRowType, timeTemplate, validateServicePlanInDetail } from '../../../domain/routing';
import { type PlanException, type RowType, type TimeRow } from '../../../domain';
import { useAccount } from '../../../lib/account';
import { useLoader } from '../../../lib/useLoader';
import { createPlan, getRoutingData, updatePlan, type AffectedItem } from '../api/editors';
import { DestinationPlanSelector } from '../selectors/DestinationPlanSelector';
import { IvrSelector } from '../selectors/IvrSelector';
import { otherDescriptions, useRoutingLibrary } from '../selectors/RoutingLibrary';
import { AffectedDialog, HeadsUp, NOTHING_AFFECTED, isAffected, type Affected } from './AffectedDialog';
import { EditorActions, type SaveAction } from './EditorActions';
import { CallPathPanel } from './CallPathPanel';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { ImpactSummary } from './ImpactSummary';
import { SOMETHING_WENT_WRONG } from './messages';
import { DAY_NAMES, exceptionsFromAnswer, pad2, planFields, rowFromAnswer } from './servicePlanForm';
import { type Target } from './BankHolidays';
import { PlanExceptions, type PlanExceptionsProps } from './PlanExceptions';
import { UpcomingExceptions } from './UpcomingExceptions';
import { RecordHistoryLink } from './RecordHistoryLink';
import { useEditImpact } from './useEditImpact';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { WeekGrid } from './WeekGrid';
import { WorkingHoursDialog } from './WorkingHoursDialog';

export interface ServicePlanDialogProps {
  open: boolean;
  /** The plan to edit; 0 adds a new one. */
  id: number;
  /** The routing rows being edited: left out of the affected numbers/pools. */
  rowIds: number[];
  onClose: () => void;
  /** After a save: the plan's id (a new one after Save or Save as new); the plan list has reloaded. */
  onSaved: (id: number) => void;
}

type Template = 'allSame' | 'workingHours' | 'weekdays' | 'custom';

const TEMPLATES: [Template, string][] = [
  ['allSame', 'All the same'],
  ['workingHours', 'Working hours'],
  ['weekdays', 'Weekdays'],
  ['custom', 'Custom'],
];

const ROW_KEY = /^form_(from_day|to_day|routing|ivr)\[(\d+)\]$/;
const EXCEPTION_KEY = /^exceptions\[(\d+)\]\.(from|to|fromTime|toTime|description|target)$/;
const HOURS = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);

const timeKeys = (count: number) =>
  Array.from({ length: count }, (_, i) => [`form_from_day[${i}]`, `form_to_day[${i}]`]).flat();

/** A week row's destination, as the bank holidays' default. */
function rowTarget(row: TimeRow | undefined): Target {
  if (!row) return { planType: 'routing', id: 0 };
  return { planType: row.planType, id: row.planType === 'ivr' ? row.ivr : row.routing };
}

export function affectedOf(items: AffectedItem[]): Affected {
  const numbers: string[] = [];
  const pools: string[] = [];
  for (const item of items ?? []) {
    if ('NumbNGNumber' in item && item.NumbNGNumber) numbers.push(String(item.NumbNGNumber));
    else if ('VlnsDescription' in item && item.VlnsDescription) pools.push(item.VlnsDescription);
  }
  return { numbers, pools };
}

/** The service plan (time of day) dialog: insert mode for id 0, else the plan loaded for editing. */
export function ServicePlanDialog(props: ServicePlanDialogProps) {
  if (!props.open) return null;
  return <ServicePlanLoader key={props.id} {...props} />;
}

function ServicePlanLoader({ id, rowIds, onClose, onSaved }: ServicePlanDialogProps) {
  const [load] = useLoader(id > 0 ? () => getRoutingData(id, rowIds) : null, [id]);
  if (id === 0) {
    return (
      <ServicePlanEditor
        id={0}
        description=""
        rows={[defaultTimeRow()]}
        exceptions={[]}
        affected={NOTHING_AFFECTED}
        onClose={onClose}
        onSaved={onSaved}
      />
    );
  }
  if (load.status !== 'ready') {
    return <EditorLoadState title="Edit service plan" failed={load.status === 'failed'} onClose={onClose} />;
  }
  const { plan, affected_numbers } = load.data;
  const rows = (plan?.times ?? []).map(rowFromAnswer);
  return (
    <ServicePlanEditor
      id={id}
      description={plan?.description ?? ''}
      rows={rows.length > 0 ? rows : [defaultTimeRow()]}
      exceptions={exceptionsFromAnswer(plan?.exceptions)}
      affected={affectedOf(affected_numbers)}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function ServicePlanEditor({
  id,
  affected,
  onClose,
  onSaved,
  ...initial
}: {
  id: number;
  description: string;
  rows: TimeRow[];
  exceptions: PlanException[];
  affected: Affected;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { account } = useAccount();
  const library = useRoutingLibrary();
  const content = useRef<HTMLDivElement>(null);
  const templateId = useId();
  const [description, setDescription] = useState(initial.description);
  const [rows, setRows] = useState<TimeRow[]>(initial.rows);
  const [exceptions, setExceptions] = useState<PlanException[]>(initial.exceptions);
  const [template, setTemplate] = useState<Template>(id ? 'custom' : 'allSame');
  const [workingHoursOpen, setWorkingHoursOpen] = useState(false);
  const [affectedDialog, setAffectedDialog] = useState<'show' | 'confirm' | null>(null);
  const notify = useSnackbar();
  const [saving, setSaving] = useState<SaveAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const plans = library.plans.items;
  const taken = useMemo(() => otherDescriptions(plans, id), [plans, id]);
  const form = useMemo(() => ({ description, rows, exceptions }), [description, rows, exceptions]);
  const errors = useMemo(() => validateServicePlanInDetail(form, taken), [form, taken]);
  const edited = useMemo((): RoutingRecord[] | null => (id ? [{ kind: 'servicePlan', id, form }] : null), [id, form]);
  const impact = useEditImpact(edited);
  const known = useCallback(
    (key: string) => {
      if (key === 'form_plan_description' || key === 'exceptions') return true;
      const dated = EXCEPTION_KEY.exec(key);
      if (dated) return Number(dated[1]) < exceptions.length;
      const match = ROW_KEY.exec(key);
      return match !== null && Number(match[2]) < rows.length;
    },
    [rows.length, exceptions.length],
  );
  const { errorOf, touch, setServerErrors, refuseSave, showSaveErrors, unplaced } = useFieldMessages(errors, known);

  const routingName = useCallback(
    (routing: number) => library.routings.items.find((r) => r.id === routing)?.description,
    [library.routings.items],
  );
  const ivrName = useCallback(
    (ivr: number) => library.ivrs.items.find((r) => r.id === ivr)?.description,
    [library.ivrs.items],
  );

  const rowCount = useRef(rows.length);
  rowCount.current = rows.length;

  const replaceRows = useCallback(
    (next: TimeRow[], chosen: Template) => {
      setRows(next);
      setTemplate(chosen);
      setServerErrors({});
      touch(...timeKeys(next.length));
    },
    [setServerErrors, touch],
  );

  function chooseTemplate(chosen: Template) {
    if (chosen === 'workingHours') setWorkingHoursOpen(true);
    else if (chosen === 'custom') setTemplate('custom');
    else replaceRows(timeTemplate(chosen), chosen);
  }

  /** One change to one row (stable, so unchanged rows need not draw again). */
  const changeRow = useCallback(
    (index: number, change: RowChange) => {
      setRows((current) => current.map((row, i) => (i === index ? applyRowChange(row, change) : row)));
      setTemplate('custom');
      if (change.kind === 'time') touch(...timeKeys(rowCount.current));
      else touch(`form_routing[${index}]`, `form_ivr[${index}]`);
    },
    [touch],
  );

  const removeRow = useCallback(
    (index: number) => {
      setRows((current) => current.filter((_, i) => i !== index));
      setTemplate('custom');
      setServerErrors({});
      touch(...timeKeys(rowCount.current - 1));
    },
    [setServerErrors, touch],
  );

  const changeExceptions = useCallback<PlanExceptionsProps['onChange']>(
    (next, touched, shifted) => {
      setExceptions(next);
      if (shifted) setServerErrors({});
      touch(...touched);
    },
    [setServerErrors, touch],
  );

  async function save(action: SaveAction, confirmed = false) {
    if (saving) return;
    setFailure(null);
    const asNew = action !== 'update';
    // Save as new: the plan's own description is taken too.
    const check = asNew && id > 0 ? validateServicePlanInDetail(form, otherDescriptions(plans, 0)) : errors;
    if (refuseSave(content.current, check)) return;
    if (action === 'update' && isAffected(affected) && !confirmed) {
      setAffectedDialog('confirm');
      return;
    }
    setAffectedDialog(null);
    setSaving(action);
    try {
      const savedId = asNew
        ? (await createPlan(planFields(description, rows, exceptions))).id
        : await updatePlan(planFields(description, rows, exceptions, id));
      await library.reloadPlans();
      setSaving(null);
      notify(savedMessage('Service plan', { description }));
      onSaved(savedId);
    } catch (error) {
      if (!showSaveErrors(error, content.current)) setFailure(SOMETHING_WENT_WRONG);
      setSaving(null);
    }
  }

  const busy = saving !== null;
  return (
    <Dialog
      open
      title={id ? 'Edit service plan' : 'Add service plan'}
      onClose={onClose}
      onSubmit={() => void save(id ? 'update' : 'save')}
      busy={busy}
      actions={
        <EditorActions
          existing={Boolean(id)}
          saving={saving}
          onCancel={onClose}
          onSaveAsNew={() => void save('saveAsNew')}
        />
      }
    >
      <div ref={content} className="service-plan-editor">
        {isAffected(affected) && <HeadsUp onShow={() => setAffectedDialog('show')} />}
        <RecordHistoryLink kind="servicePlan" id={id} />
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="form_plan_description"
          value={description}
          error={errorOf('form_plan_description')}
          onChange={(value) => {
            setDescription(value);
            touch('form_plan_description');
          }}
          disabled={busy}
        />
        <div className="template-chooser">
          <span id={templateId} className="template-chooser-label">
            Time of day template
          </span>
          <div className="toggle-group" role="group" aria-labelledby={templateId}>
            {TEMPLATES.map(([kind, label]) => (
              <button
                key={kind}
                type="button"
                className="toggle-button"
                aria-pressed={template === kind}
                disabled={busy}
                onClick={() => chooseTemplate(kind)}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
        <div className="table-scroll">
          <table className="time-rows" aria-label="Time of day rows">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Goes to</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <TimeRowEditor
                  key={i}
                  index={i}
                  row={row}
                  disabled={busy}
                  removable={rows.length > 1}
                  fromError={errorOf(`form_from_day[${i}]`)}
                  toError={errorOf(`form_to_day[${i}]`)}
                  targetError={errorOf(row.planType === 'ivr' ? `form_ivr[${i}]` : `form_routing[${i}]`)}
                  onChange={changeRow}
                  onRemove={removeRow}
                />
              ))}
            </tbody>
          </table>
        </div>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => replaceRows([...rows, defaultTimeRow()], 'custom')}
        >
          <Icon name="add" size={18} /> Add row
        </button>
        <PlanExceptions
          exceptions={exceptions}
          onChange={changeExceptions}
          errorOf={errorOf}
          defaultTarget={rowTarget(rows[0])}
          timeZone={account.customerTimeZone}
          disabled={busy}
        />
        {impact && <ImpactSummary impact={impact} />}
        <WeekGrid rows={rows} />
        <UpcomingExceptions
          exceptions={exceptions}
          timeZone={account.customerTimeZone}
          routingName={routingName}
          ivrName={ivrName}
        />
        <CallPathPanel
          rows={rows}
          exceptions={exceptions}
          timeZone={account.customerTimeZone}
          routingName={routingName}
          ivrName={ivrName}
        />
      </div>
      <WorkingHoursDialog
        open={workingHoursOpen}
        onCancel={() => setWorkingHoursOpen(false)}
        onConfirm={(next) => {
          setWorkingHoursOpen(false);
          replaceRows(next, 'workingHours');
        }}
      />
      <AffectedDialog
        open={affectedDialog !== null}
        affected={affected}
        onClose={() => setAffectedDialog(null)}
        onConfirm={affectedDialog === 'confirm' ? () => void save('update', true) : undefined}
      />
    </Dialog>
  );
}

function PlainSelect({
  label,
  value,
  options,
  onChange,
  invalid,
  describedBy,
  disabled,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </>
  );
}

const DAY_OPTIONS = DAY_NAMES.map((name, i): [string, string] => [String(i + 1), name]);
const HOUR_OPTIONS = HOURS.map((h): [string, string] => [String(h), pad2(h)]);
const MINUTE_OPTIONS = MINUTES.map((m): [string, string] => [String(m), pad2(m)]);
const TYPE_OPTIONS: [RowType, string][] = [
  ['routing', 'Destination plan'],
  ['ivr', 'IVR'],
];

type RowChange =
  | { kind: 'time'; patch: Partial<TimeRow> }
  | { kind: 'type'; planType: RowType }
  | { kind: 'routing'; id: number }
  | { kind: 'ivr'; id: number };

function applyRowChange(row: TimeRow, change: RowChange): TimeRow {
  switch (change.kind) {
    case 'time':
      return { ...row, ...change.patch };
    case 'type':
      return setRowType(row, change.planType);
    case 'routing':
      return { ...row, routing: change.id };
    case 'ivr':
      return { ...row, ivr: change.id };
  }
}

/**
 * A cell's column header, shown in the cell where the rows stack (a phone): the header row is
 * hidden there. Screen readers have the header and the selects' own labels already.
 */
function CellLabel({ children }: { children: string }) {
  return (
    <span className="time-row-label" aria-hidden="true">
      {children}
    </span>
  );
}

const TimeRowEditor = memo(function TimeRowEditor({
  index,
  row,
  disabled,
  removable,
  fromError,
  toError,
  targetError,
  onChange,
  onRemove,
}: {
  index: number;
  row: TimeRow;
  disabled: boolean;
  removable: boolean;
  fromError: string | undefined;
  toError: string | undefined;
  targetError: string | undefined;
  onChange: (index: number, change: RowChange) => void;
  onRemove: (index: number) => void;
}) {
  const errorId = useId();
  const n = index + 1;
  const onTime = (patch: Partial<TimeRow>) => onChange(index, { kind: 'time', patch });
  const end = (side: 'from' | 'to', error: string | undefined) => {
    const word = side === 'from' ? 'From' : 'To';
    const day = side === 'from' ? 'fromDay' : 'toDay';
    const hour = side === 'from' ? 'fromHour' : 'toHour';
    const minute = side === 'from' ? 'fromMinute' : 'toMinute';
    const describedBy = error ? `${errorId}-${side}` : undefined;
    return (
      <td className={error ? 'field-invalid' : undefined}>
        <CellLabel>{word}</CellLabel>
        <div className="time-picker">
          <PlainSelect
            label={`${word} day, row ${n}`}
            value={String(row[day])}
            options={DAY_OPTIONS}
            onChange={(value) => onTime({ [day]: Number(value) })}
            invalid={Boolean(error)}
            describedBy={describedBy}
            disabled={disabled}
          />
          <PlainSelect
            label={`${word} hour, row ${n}`}
            value={String(row[hour])}
            options={HOUR_OPTIONS}
            onChange={(value) => onTime({ [hour]: Number(value) })}
            disabled={disabled}
          />
          <span aria-hidden="true">:</span>
          <PlainSelect
            label={`${word} minute, row ${n}`}
            value={String(row[minute])}
            options={MINUTE_OPTIONS}
            onChange={(value) => onTime({ [minute]: Number(value) })}
            disabled={disabled}
          />
        </div>
        {error && (
          <p id={`${errorId}-${side}`} className="field-error">
            {error}
          </p>
        )}
      </td>
    );
  };

  return (
    <tr>
      <th scope="row">
        <CellLabel>Row </CellLabel>
        {n}
      </th>
      {end('from', fromError)}
      {end('to', toError)}
      <td className="time-row-target">
        <CellLabel>Goes to</CellLabel>
        <div className="time-row-type">
          <PlainSelect
            label={`Type, row ${n}`}
            value={row.planType}
            options={TYPE_OPTIONS}
            onChange={(value) => onChange(index, { kind: 'type', planType: value as RowType })}
            disabled={disabled}
          />
        </div>
        {row.planType === 'ivr' ? (
          <IvrSelector
            label={`IVR, row ${n}`}
            hideLabel
            value={row.ivr}
            onChange={(id) => onChange(index, { kind: 'ivr', id })}
            error={targetError}
            disabled={disabled}
          />
        ) : (
          <DestinationPlanSelector
            label={`Destination plan, row ${n}`}
            hideLabel
            value={row.routing}
            onChange={(id) => onChange(index, { kind: 'routing', id })}
            error={targetError}
            disabled={disabled}
          />
        )}
      </td>
      <td className="time-row-remove">
        <button
          type="button"
          className="row-action row-action-danger"
          aria-label={`Remove row ${n}`}
          title={`Remove row ${n}`}
          disabled={disabled || !removable}
          onClick={() => onRemove(index)}
        >
          <Icon name="delete" size={20} />
        </button>
      </td>
    </tr>
  );
});
