import { useEffect, useId, useRef, useState } from 'react';
import { TextField } from '../../../components/fields';
import { Icon } from '../../../components/Icon';
import { type PlanException } from '../../../domain';
import { BankHolidays, type Target } from './BankHolidays';
import { CallsGoTo } from './CallsGoTo';
import { ExceptionHours } from './ExceptionHours';
import { blankException, exceptionTarget } from './servicePlanForm';

export interface PlanExceptionsProps {
  exceptions: PlanException[];
  /**
   * A new list; `touched` are the field keys whose messages may now show, and `shifted` says the
   * exceptions moved (a removal), so messages keyed by the old places go.
   */
  onChange: (next: PlanException[], touched: string[], shifted?: boolean) => void;
  errorOf: (field: string) => string | undefined;
  /** Where new bank holidays go unless the user chooses: the first week row's target. */
  defaultTarget: Target;
  timeZone: string;
  disabled: boolean;
}

// Kept here, not in the global styles, which the first screen loads.
const LIST_STYLE = { listStyle: 'none', padding: 0, margin: 0 } as const;

type Field = 'from' | 'to' | 'fromTime' | 'toTime' | 'description' | 'target';
const key = (i: number, field: Field) => `exceptions[${i}].${field}`;

/**
 * The service plan's dated exceptions: days (one, or a range), all day or between two times of
 * each, whose calls go to their own destination plan or IVR instead of the week's rows, added one
 * by one or a year's bank holidays (all day) at once.
 */
export function PlanExceptions({ exceptions, onChange, errorOf, defaultTarget, timeZone, disabled }: PlanExceptionsProps) {
  const headingId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [focusLast, setFocusLast] = useState(false);
  const listError = errorOf('exceptions');

  useEffect(() => {
    if (!focusLast) return;
    setFocusLast(false);
    list.current?.querySelector<HTMLElement>(':scope > li:last-child input')?.focus();
  }, [focusLast]);

  function change(index: number, patch: Partial<PlanException>, touched: string[]) {
    onChange(
      exceptions.map((exception, i) => (i === index ? { ...exception, ...patch } : exception)),
      touched,
    );
  }

  function changeDay(index: number, side: 'from' | 'to', day: string) {
    const exception = exceptions[index];
    const patch: Partial<PlanException> = { [side]: day };
    // A first day on its own (or after the last) makes a one-day exception.
    if (side === 'from' && day && (!exception.to || exception.to < day)) patch.to = day;
    // An overlap is said on the later exception's first day: every first day may change.
    change(index, patch, [...exceptions.map((_, i) => key(i, 'from')), key(index, 'to')]);
  }

  function changeTimes(index: number, times: Pick<PlanException, 'fromTime' | 'toTime'>) {
    // Hours decide overlaps too, said on a first day.
    change(index, times, [...exceptions.map((_, i) => key(i, 'from')), key(index, 'fromTime'), key(index, 'toTime')]);
  }

  function remove(index: number) {
    onChange(
      exceptions.filter((_, i) => i !== index),
      ['exceptions'],
      true,
    );
    addButton.current?.focus();
  }

  return (
    <section className="plan-exceptions" aria-labelledby={headingId}>
      <h3 id={headingId}>Dated exceptions</h3>
      <p className="field-hint">
        Days, such as bank holidays or a closure, whose calls go elsewhere than the week's rows say: all day, or
        between two times of each.
      </p>
      {listError && <p className="field-error">{listError}</p>}
      {exceptions.length === 0 ? (
        <p>No dated exceptions.</p>
      ) : (
        <ol ref={list} className="plan-exception-list" aria-label="Dated exceptions" style={LIST_STYLE}>
          {exceptions.map((exception, i) => (
            <ExceptionEditor
              key={i}
              index={i}
              exception={exception}
              disabled={disabled}
              fromError={errorOf(key(i, 'from'))}
              toError={errorOf(key(i, 'to'))}
              fromTimeError={errorOf(key(i, 'fromTime'))}
              toTimeError={errorOf(key(i, 'toTime'))}
              descriptionError={errorOf(key(i, 'description'))}
              targetError={errorOf(key(i, 'target'))}
              onDay={changeDay}
              onTimes={changeTimes}
              onChange={change}
              onRemove={remove}
            />
          ))}
        </ol>
      )}
      <button
        ref={addButton}
        type="button"
        className="button"
        disabled={disabled}
        onClick={() => {
          onChange([...exceptions, blankException(exceptions)], ['exceptions']);
          setFocusLast(true);
        }}
      >
        <Icon name="add" size={18} /> Add exception
      </button>
      <BankHolidays
        existing={exceptions}
        defaultTarget={defaultTarget}
        timeZone={timeZone}
        disabled={disabled}
        onAdd={(added) => onChange([...exceptions, ...added], ['exceptions'])}
      />
    </section>
  );
}

function ExceptionEditor({
  index,
  exception,
  disabled,
  fromError,
  toError,
  fromTimeError,
  toTimeError,
  descriptionError,
  targetError,
  onDay,
  onTimes,
  onChange,
  onRemove,
}: {
  index: number;
  exception: PlanException;
  disabled: boolean;
  fromError: string | undefined;
  toError: string | undefined;
  fromTimeError: string | undefined;
  toTimeError: string | undefined;
  descriptionError: string | undefined;
  targetError: string | undefined;
  onDay: (index: number, side: 'from' | 'to', day: string) => void;
  onTimes: (index: number, times: Pick<PlanException, 'fromTime' | 'toTime'>) => void;
  onChange: (index: number, patch: Partial<PlanException>, touched: string[]) => void;
  onRemove: (index: number) => void;
}) {
  const name = exception.description.trim() || `exception ${index + 1}`;
  return (
    <li>
      <fieldset className="fieldset">
        <legend>{`Exception ${index + 1}`}</legend>
        <div className="form-columns">
          <TextField
            label="First day"
            type="date"
            value={exception.from}
            error={fromError}
            disabled={disabled}
            onChange={(day) => onDay(index, 'from', day)}
          />
          <TextField
            label="Last day"
            type="date"
            value={exception.to}
            error={toError}
            disabled={disabled}
            onChange={(day) => onDay(index, 'to', day)}
          />
          <ExceptionHours
            exception={exception}
            fromError={fromTimeError}
            toError={toTimeError}
            disabled={disabled}
            onChange={(times) => onTimes(index, times)}
          />
          <TextField
            label="Description"
            value={exception.description}
            error={descriptionError}
            disabled={disabled}
            onChange={(description) => onChange(index, { description }, [key(index, 'description')])}
          />
          <CallsGoTo
            planType={exception.planType}
            target={exceptionTarget(exception)}
            error={targetError}
            disabled={disabled}
            onChange={(planType, id) =>
              onChange(
                index,
                { planType, routing: planType === 'routing' ? id : 0, ivr: planType === 'ivr' ? id : 0 },
                [key(index, 'target')],
              )
            }
          />
        </div>
        <button
          type="button"
          className="row-action row-action-danger"
          aria-label={`Remove ${name}`}
          title={`Remove ${name}`}
          disabled={disabled}
          onClick={() => onRemove(index)}
        >
          <Icon name="delete" size={20} />
        </button>
      </fieldset>
    </li>
  );
}
