import { useId, useState } from 'react';
import { SelectField } from '../../../components/fields';
import { bankHolidayExceptions } from '../../../domain/routing';
import { type Calendar, type PlanException, type RowType } from '../../../domain';
import { now } from '../../../lib/clock';
import { CallsGoTo } from './CallsGoTo';
import { knownZone, wallClockOf } from './servicePlanForm';

const CALENDARS: { value: Calendar; label: string }[] = [
  { value: 'englandAndWales', label: 'England and Wales' },
  { value: 'scotland', label: 'Scotland' },
  { value: 'northernIreland', label: 'Northern Ireland' },
];

export interface Target {
  planType: RowType;
  /** The destination plan or IVR id, 0 for none. */
  id: number;
}

/**
 * 'Add bank holidays': a calendar's bank holidays of a year (this one or the next two) that the
 * plan has no exception on yet, added as exceptions to one destination plan or IVR.
 */
export function BankHolidays({
  existing,
  defaultTarget,
  timeZone,
  disabled,
  onAdd,
}: {
  existing: readonly PlanException[];
  /** Chosen until the user chooses another: the first week row's. */
  defaultTarget: Target;
  /** The account's zone, whose year is this year. */
  timeZone: string;
  disabled?: boolean;
  onAdd: (added: PlanException[]) => void;
}) {
  const headingId = useId();
  const [thisYear] = useState(() => Number(wallClockOf(now(), knownZone(timeZone)).slice(0, 4)));
  const [calendar, setCalendar] = useState<Calendar>('englandAndWales');
  const [year, setYear] = useState(String(thisYear));
  const [chosen, setChosen] = useState<Target | null>(null);
  const [message, setMessage] = useState('');
  const [targetError, setTargetError] = useState<string | null>(null);
  const target = chosen ?? defaultTarget;
  const years = [thisYear, thisYear + 1, thisYear + 2].map((y) => ({ value: String(y), label: String(y) }));

  function add() {
    if (target.id <= 0) {
      setTargetError('Choose where calls go on the bank holidays.');
      setMessage('');
      return;
    }
    const added = bankHolidayExceptions(calendar, Number(year), target.planType, target.id, [...existing]);
    const name = CALENDARS.find((c) => c.value === calendar)?.label ?? calendar;
    if (added.length === 0) {
      setMessage(`The ${name} bank holidays of ${year} are all in the list already.`);
      return;
    }
    onAdd(added);
    setMessage(added.length === 1 ? '1 bank holiday added.' : `${added.length} bank holidays added.`);
  }

  return (
    <fieldset className="fieldset bank-holidays" aria-labelledby={headingId}>
      <legend id={headingId}>Add bank holidays</legend>
      <div className="form-columns">
        <SelectField
          label="Calendar"
          value={calendar}
          options={CALENDARS}
          onChange={(value) => setCalendar(value as Calendar)}
          disabled={disabled}
        />
        <SelectField label="Year" value={year} options={years} onChange={setYear} disabled={disabled} />
        <CallsGoTo
          planType={target.planType}
          target={target.id}
          error={targetError}
          disabled={disabled}
          onChange={(planType, id) => {
            setChosen({ planType, id });
            setTargetError(null);
          }}
        />
      </div>
      <button type="button" className="button" disabled={disabled} onClick={add}>
        Add bank holidays
      </button>
      <p role="status" className="field-hint">
        {message}
      </p>
    </fieldset>
  );
}
