import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SelectField, TextField } from '../../../components/fields';
import { withParam } from '../filters';
import { DEFAULT_PRESET, PRESETS } from './period';
import './period.css';

/** The period in the address bar (preset, or a custom range applied once both days are typed). */
export function PeriodPicker({ error }: { error: string | null }) {
  const [params, setParams] = useSearchParams();
  const preset = params.get('preset') || DEFAULT_PRESET;
  const [from, setFrom] = useState(params.get('from') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    const next = withParam(params, 'preset', 'custom');
    next.set('from', from);
    next.set('to', to);
    setParams(next);
  };
  return (
    <form className="dashboard-period" aria-label="Date range" onSubmit={apply}>
      <SelectField
        label="Period"
        value={preset}
        options={PRESETS}
        onChange={(value) => setParams(withParam(params, 'preset', value))}
        error={preset === 'custom' ? null : error}
      />
      {preset === 'custom' && (
        <>
          <TextField label="From" type="date" value={from} onChange={setFrom} error={error} />
          <TextField label="To" type="date" value={to} onChange={setTo} />
          <button type="submit" className="button button-primary" disabled={!from || !to}>
            Apply
          </button>
        </>
      )}
    </form>
  );
}
