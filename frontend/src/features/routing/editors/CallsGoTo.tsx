import { SelectField } from '../../../components/fields';
import { type RowType } from '../../../domain';
import { DestinationPlanSelector } from '../selectors/DestinationPlanSelector';
import { IvrSelector } from '../selectors/IvrSelector';

const TYPE_OPTIONS = [
  { value: 'routing', label: 'Destination plan' },
  { value: 'ivr', label: 'IVR' },
];

/**
 * Where calls go on a dated exception's days: a destination plan or an IVR, as a week row picks
 * them (the same selectors, with their add and edit buttons).
 */
export function CallsGoTo({
  planType,
  target,
  onChange,
  error,
  disabled,
}: {
  planType: RowType;
  /** The destination plan or IVR id, 0 for none. */
  target: number;
  /** A new type starts with nothing chosen. */
  onChange: (planType: RowType, target: number) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  return (
    <>
      <SelectField
        label="Calls go to"
        value={planType}
        options={TYPE_OPTIONS}
        onChange={(value) => onChange(value === 'ivr' ? 'ivr' : 'routing', 0)}
        disabled={disabled}
      />
      {planType === 'ivr' ? (
        <IvrSelector label="IVR" value={target} onChange={(id) => onChange('ivr', id)} error={error} disabled={disabled} />
      ) : (
        <DestinationPlanSelector
          label="Destination plan"
          value={target}
          onChange={(id) => onChange('routing', id)}
          error={error}
          disabled={disabled}
        />
      )}
    </>
  );
}
