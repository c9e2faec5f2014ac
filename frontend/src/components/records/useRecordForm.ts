import { useState } from 'react';
import { refusalErrors } from '../../lib/api';
import { useFieldMessages, type FieldMessages } from '../../lib/useFieldMessages';

export interface RecordFormOptions<V> {
  initial: V;
  /** The domain's check of the values (through wasm), keyed by the form's field names. */
  validate: (values: V) => FieldMessages;
  /** Saves the values; resolves with the sentence that says it was saved. */
  save: (values: V) => Promise<string>;
  onSaved: (text: string) => void;
  /** Said when a save fails without the server naming a field of the form. */
  failedText: string;
  /** The fields the form shows (all, unless told). */
  known?: (field: string) => boolean;
}

const everyField = () => true;

/**
 * A record's form: its values, the domain's messages as typed (all of them once a save is tried),
 * and a save whose refusal puts the server's messages on their fields.
 */
export function useRecordForm<V extends object>({
  initial,
  validate,
  save,
  onSaved,
  failedText,
  known = everyField,
}: RecordFormOptions<V>) {
  const [values, setValues] = useState<V>(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = validate(values);
  const messages = useFieldMessages(errors, known);

  /** Changes the values; the named fields' messages follow the change. */
  function update(next: (values: V) => V, ...fields: string[]) {
    setValues(next);
    messages.touch(...fields);
  }

  /** The props of a text, text area or select field for `key`, posted as `name`. */
  function field<K extends keyof V & string>(key: K, name: string) {
    return {
      name,
      value: values[key] as string,
      onChange: (value: string) => update((v) => ({ ...v, [key]: value }), name),
      error: messages.errorOf(name),
      disabled: busy,
    };
  }

  function reset(next: V) {
    setValues(next);
    messages.reset();
  }

  async function submit() {
    messages.showAllErrors();
    if (Object.keys(errors).length > 0 || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      onSaved(await save(values));
    } catch (failed) {
      const fields = refusalErrors(failed);
      if (fields && Object.keys(fields).some(known)) messages.setServerErrors(fields);
      else setFailure(failedText);
    } finally {
      setBusy(false);
    }
  }

  return { values, update, field, errors, errorOf: messages.errorOf, busy, failure, reset, submit };
}

export type RecordForm<V extends object> = ReturnType<typeof useRecordForm<V>>;
