import { useMemo, useRef } from 'react';
import { asIfMoment } from '../../domain/phone';
import { useFieldMessages } from '../../lib/useFieldMessages';
import { CheckboxField, RadioGroupField, TextField } from '../fields';
import type { TestCallRequest } from './api';
import { useStartErrors } from './useStartErrors';
import { CallButton } from './CallButton';

export interface TestCallValues {
  when: 'now' | 'asIf';
  date: string;
  time: string;
  /** Routed through the account's open draft (when there is one). */
  draft: boolean;
}

export const NOW: TestCallValues = { when: 'now', date: '', time: '', draft: true };

const WHEN = [
  { value: 'now', label: 'Now' },
  { value: 'asIf', label: 'As if it were…' },
];

const AS_IF_FIELDS = new Set(['asIfDate', 'asIfTime']);
const isAsIfField = (field: string) => AS_IF_FIELDS.has(field);

/** Which number to test and when: now, or as if it were a day and time in the account's zone. */
export function TestCallForm({
  number,
  values,
  onChange,
  timeZone,
  draftOpen = false,
  busy,
  error,
  onCall,
}: {
  number: string;
  values: TestCallValues;
  onChange: (values: TestCallValues) => void;
  timeZone: string;
  /** The account has a routing draft open: the call may be routed through it. */
  draftOpen?: boolean;
  busy: boolean;
  /** The last refused start, shown on the fields it names. */
  error: unknown;
  onCall: (moment: Omit<TestCallRequest, 'entryId'>) => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const asIf = values.when === 'asIf';
  const moment = useMemo(
    () => (asIf ? asIfMoment(values.date, values.time, timeZone) : { words: '', errors: {} }),
    [asIf, values.date, values.time, timeZone],
  );
  const messages = useFieldMessages(moment.errors, isAsIfField);
  const { errorOf, changed, left, refuseSave } = messages;
  const failure = useStartErrors(error, messages, form);

  function submit() {
    if (busy || refuseSave(form.current)) return;
    onCall({
      asIfDate: asIf ? values.date : '',
      asIfTime: asIf ? values.time : '',
      draft: draftOpen && values.draft ? '1' : '',
    });
  }

  return (
    <form
      ref={form}
      noValidate
      className="phone-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="phone-target">
        Test call to <strong>{number}</strong>
      </p>
      {draftOpen && (
        <CheckboxField
          label="Through the draft (not live yet)"
          name="draft"
          checked={values.draft}
          onChange={(draft) => onChange({ ...values, draft })}
        />
      )}
      <RadioGroupField
        label="When"
        name="when"
        value={values.when}
        options={WHEN}
        onChange={(when) => onChange({ ...values, when: when === 'asIf' ? 'asIf' : 'now' })}
      />
      {asIf && (
        <div className="phone-as-if">
          <TextField
            label="Date"
            name="asIfDate"
            type="date"
            value={values.date}
            onChange={(date) => {
              onChange({ ...values, date });
              changed('asIfDate');
            }}
            onBlur={() => left('asIfDate')}
            error={errorOf('asIfDate')}
          />
          <TextField
            label="Time"
            name="asIfTime"
            value={values.time}
            hint="HH:MM, such as 18:05"
            autoComplete="off"
            onChange={(time) => {
              onChange({ ...values, time });
              changed('asIfTime');
            }}
            onBlur={() => left('asIfTime')}
            error={errorOf('asIfTime')}
          />
        </div>
      )}
      {asIf && (
        <p className="phone-words" aria-live="polite">
          {moment.words && `The call will be routed ${moment.words}.`}
        </p>
      )}
      <CallButton failure={failure} busy={busy} />
    </form>
  );
}
