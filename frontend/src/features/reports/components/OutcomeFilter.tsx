import { CheckboxGroupField } from '../../../components/fields';

/** Calls with any of the ticked outcomes; `value` is their keys comma-separated, as the address bar has them. */
export function OutcomeFilter({
  value,
  outcomes,
  onChange,
  error,
}: {
  value: string;
  outcomes: { key: string; label: string }[];
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <CheckboxGroupField
      label="Outcome"
      values={value.split(',').filter(Boolean)}
      options={outcomes.map((o) => ({ value: o.key, label: o.label }))}
      onChange={(values) => onChange(values.join(','))}
      error={error}
    />
  );
}
