import { useId } from 'react';
import { RadioGroupField, SelectField, type Option } from '../../../components/fields';
import { type PlanException } from '../../../domain';
import { clock, wholeDay } from './servicePlanForm';

const QUARTER = 15;
const DAY_MINUTES = 24 * 60;

const quarters = (first: number, last: number): Option[] =>
  Array.from({ length: (last - first) / QUARTER + 1 }, (_, i) => {
    const time = clock(first + i * QUARTER);
    return { value: time, label: time === '24:00' ? '24:00 (midnight)' : time };
  });

const FROM_OPTIONS = quarters(0, DAY_MINUTES - QUARTER);
const UNTIL_OPTIONS = quarters(QUARTER, DAY_MINUTES);

const ALL_DAY = { fromTime: '', toTime: '' };
const WHOLE_DAY_BETWEEN = { fromTime: clock(0), toTime: clock(DAY_MINUTES) };

const MODES: Option[] = [
  { value: 'allDay', label: 'All day' },
  { value: 'between', label: 'Between times' },
];

/** A time saved off the quarter hours (through the API) stays choosable. */
const withValue = (options: Option[], value: string): Option[] =>
  value === '' || options.some((o) => o.value === value) ? options : [{ value, label: value }, ...options];

/**
 * Whether a dated exception answers all of each of its days or only between two times of them.
 * "Between times" starts as 00:00 until 24:00, the whole day still, for the user to narrow.
 */
export function ExceptionHours({
  exception,
  fromError,
  toError,
  disabled,
  onChange,
}: {
  exception: PlanException;
  fromError: string | undefined;
  toError: string | undefined;
  disabled: boolean;
  onChange: (times: Pick<PlanException, 'fromTime' | 'toTime'>) => void;
}) {
  const name = useId();
  const between = !wholeDay(exception);
  return (
    <>
      <RadioGroupField
        label="Hours"
        name={name}
        value={between ? 'between' : 'allDay'}
        options={MODES}
        disabled={disabled}
        onChange={(mode) => onChange(mode === 'between' ? WHOLE_DAY_BETWEEN : ALL_DAY)}
      />
      {between && (
        <>
          <SelectField
            label="From"
            value={exception.fromTime}
            options={withValue(FROM_OPTIONS, exception.fromTime)}
            placeholder={exception.fromTime === '' ? 'Choose a time' : undefined}
            error={fromError}
            disabled={disabled}
            onChange={(fromTime) => onChange({ fromTime, toTime: exception.toTime })}
          />
          <SelectField
            label="Until"
            value={exception.toTime}
            options={withValue(UNTIL_OPTIONS, exception.toTime)}
            placeholder={exception.toTime === '' ? 'Choose a time' : undefined}
            error={toError}
            disabled={disabled}
            onChange={(toTime) => onChange({ fromTime: exception.fromTime, toTime })}
          />
        </>
      )}
    </>
  );
}
