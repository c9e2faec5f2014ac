import { useMemo, useRef } from 'react';
import { outboundDestination } from '../../domain/phone';
import { useFieldMessages } from '../../lib/useFieldMessages';
import { SelectField, TextField } from '../fields';
import type { CallOutRequest } from './api';
import { useStartErrors } from './useStartErrors';
import { CallButton } from './CallButton';

const FIELDS = new Set(['number', 'callerId']);
const isFormField = (field: string) => FIELDS.has(field);

/** A number to ring (checked by the domain before anything is posted) and the caller id shown. */
export function CallOutForm({
  values,
  onChange,
  callerIds,
  busy,
  error,
  onCall,
}: {
  values: CallOutRequest;
  onChange: (values: CallOutRequest) => void;
  callerIds: string[];
  busy: boolean;
  /** The last refused start, shown on the fields it names. */
  error: unknown;
  onCall: (fields: CallOutRequest) => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const problem = useMemo(() => outboundDestination(values.number).problem, [values.number]);
  const errors = useMemo((): Record<string, string> => (problem ? { number: problem } : {}), [problem]);
  const messages = useFieldMessages(errors, isFormField);
  const { errorOf, changed, left, refuseSave } = messages;
  const failure = useStartErrors(error, messages, form);
  const options = useMemo(() => callerIds.map((id) => ({ value: id, label: id })), [callerIds]);

  function submit() {
    if (busy || refuseSave(form.current)) return;
    onCall(values);
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
      <TextField
        label="Number to call"
        name="number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        value={values.number}
        onChange={(number) => {
          onChange({ ...values, number });
          changed('number');
        }}
        onBlur={() => left('number')}
        error={errorOf('number')}
      />
      <SelectField
        label="Caller ID"
        name="callerId"
        value={values.callerId}
        options={options}
        onChange={(callerId) => {
          onChange({ ...values, callerId });
          changed('callerId');
        }}
        error={errorOf('callerId')}
      />
      <CallButton failure={failure} busy={busy} />
    </form>
  );
}
