import { useEffect, useId, useRef, useState } from 'react';
import { CheckboxField, SelectField, TextField } from '../../../components/fields';
import { SearchSelectField } from '../../../components/SearchSelectField';
import type { CallFilters } from '../api';
import { activeChips, activeFilterCount, PRESETS, type FilterKey } from '../filters';
import { OutcomeFilter } from './OutcomeFilter';

/** A typed field waits this long after the last keystroke before the log is asked again. */
export const TYPING_DELAY_MS = 300;

/** A text filter kept locally while typed, sent once the typing pauses. */
function useTyped(value: string, onSettled: (value: string) => void): [string, (value: string) => void] {
  const [typed, setTyped] = useState(value);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => setTyped(value), [value]);
  useEffect(() => {
    if (typed === value) return;
    const timer = setTimeout(() => settled.current(typed), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, value]);
  return [typed, setTyped];
}

const choices = (list: { id: number; label: string }[]) => list.map((c) => ({ value: String(c.id), label: c.label }));

/**
 * The call log's filters, each change written to the address bar by `onChange`: the date range
 * and the search always in view, the rest in a panel that opens and closes, and every filter in
 * use as a chip that removes it.
 */
export function CallFilterBar({
  params,
  filters,
  errors,
  onChange,
  onClear,
  searchesWords = false,
  hasCallsOut = false,
}: {
  params: URLSearchParams;
  /** The account's calls are transcribed: what was said can be searched. */
  searchesWords?: boolean;
  /** The account has outbound agents: their calls out can be shown. */
  hasCallsOut?: boolean;
  filters: CallFilters | null;
  errors: Record<string, string>;
  onChange: (key: FilterKey, value: string) => void;
  onClear: () => void;
}) {
  const get = (key: FilterKey) => params.get(key) ?? '';
  const [search, setSearch] = useTyped(get('search'), (v) => onChange('search', v));
  const [words, setWords] = useTyped(get('transcript'), (v) => onChange('transcript', v));
  const [minDuration, setMinDuration] = useTyped(get('minDuration'), (v) => onChange('minDuration', v));
  const [minScore, setMinScore] = useTyped(get('minScore'), (v) => onChange('minScore', v));
  const [dimensionValue, setDimensionValue] = useTyped(get('dimensionValue'), (v) => onChange('dimensionValue', v));
  const dimension = (filters?.dimensions ?? []).find((d) => String(d.id) === get('dimension'));
  const preset = get('preset') || 'last30Days';
  const active = activeFilterCount(params);
  const chips = activeChips(params, filters, PRESETS);
  const panelId = useId();
  // The panel opens by itself when a filter inside it has an error to show.
  const [open, setOpen] = useState(false);
  const shown = open || Object.keys(errors).some((key) => !['preset', 'from', 'to', 'search', 'transcript'].includes(key));
  return (
    <section className="call-filters-bar" aria-label="Filters">
      <div className="call-filters-main">
        <SelectField label="Date range" value={preset} options={PRESETS} onChange={(v) => onChange('preset', v)} error={errors.preset} />
        {preset === 'custom' && (
          <>
            <TextField label="From" type="date" value={get('from')} onChange={(v) => onChange('from', v)} error={errors.from} />
            <TextField label="To" type="date" value={get('to')} onChange={(v) => onChange('to', v)} error={errors.to} />
          </>
        )}
        <TextField
          label="Search caller or number"
          value={search}
          onChange={setSearch}
          hint="Type a number as the log shows it, or a number's name."
          error={errors.search}
        />
        {(searchesWords || get('transcript') !== '') && (
          <TextField
            label="Words said in the call"
            value={words}
            onChange={setWords}
            hint='Any of the words, or a "phrase in quotes".'
            error={errors.transcript}
          />
        )}
        <button
          type="button"
          className="button call-filters-toggle"
          aria-expanded={shown}
          aria-controls={panelId}
          onClick={() => setOpen(!shown)}
        >
          {shown ? 'Hide filters' : active > 0 ? `More filters (${active} in use)` : 'More filters'}
        </button>
      </div>
      {chips.length > 0 && (
        <ul className="filter-chips" aria-label="Filters in use">
          {chips.map((chip) => (
            <li key={chip.key} className="chip filter-chip">
              {chip.label}
              <button
                type="button"
                className="filter-chip-remove"
                aria-label={`Remove filter ${chip.label}`}
                onClick={() => onChange(chip.key, '')}
              >
                ×
              </button>
            </li>
          ))}
          {active > 1 && (
            <li>
              <button type="button" className="link-button" onClick={onClear}>
                Clear all
              </button>
            </li>
          )}
        </ul>
      )}
      <div id={panelId} className="call-filters" hidden={!shown}>
      <SelectField
        label="Source / medium"
        value={get('source')}
        placeholder="All sources"
        options={choices(filters?.sources ?? [])}
        onChange={(v) => onChange('source', v)}
        error={errors.source}
      />
      <SelectField
        label="Campaign"
        value={get('campaign')}
        placeholder="All campaigns"
        options={choices(filters?.campaigns ?? [])}
        onChange={(v) => onChange('campaign', v)}
        error={errors.campaign}
      />
      <SearchSelectField
        label="Number or pool"
        value={get('number')}
        placeholder="All numbers"
        options={choices(filters?.numbers ?? [])}
        onChange={(v) => onChange('number', v)}
        error={errors.number}
      />
      <OutcomeFilter
        value={get('outcome')}
        outcomes={filters?.outcomes ?? []}
        onChange={(v) => onChange('outcome', v)}
        error={errors.outcome}
      />
      <SelectField
        label="Follow-up"
        value={get('followUp')}
        placeholder="Any follow-up"
        options={(filters?.followUps ?? []).map((f) => ({ value: f.key, label: f.label }))}
        onChange={(v) => onChange('followUp', v)}
        error={errors.followUp}
      />
      {(filters?.tags ?? []).length > 0 && (
        <SelectField
          label="Tag"
          value={get('tag')}
          placeholder="Any tag"
          options={choices(filters?.tags ?? [])}
          onChange={(v) => onChange('tag', v)}
          error={errors.tag}
        />
      )}
      {(filters?.categories ?? []).length > 0 && (
        <SelectField
          label="Category"
          value={get('category')}
          placeholder="Any category"
          options={(filters?.categories ?? []).map((c) => ({ value: c.key, label: c.label }))}
          onChange={(v) => onChange('category', v)}
          error={errors.category}
        />
      )}
      <SelectField
        label="Score"
        value={get('score')}
        placeholder="Any score"
        options={(filters?.scores ?? []).map((s) => ({ value: s.key, label: s.label }))}
        onChange={(v) => onChange('score', v)}
        error={errors.score}
      />
      <TextField
        label="Minimum score (%)"
        value={minScore}
        inputMode="numeric"
        onChange={setMinScore}
        error={errors.minScore}
      />
      {(filters?.dimensions ?? []).length > 0 && (
        <SelectField
          label="Custom dimension"
          value={get('dimension')}
          placeholder="Any custom dimension"
          options={choices(filters?.dimensions ?? [])}
          onChange={(v) => onChange('dimension', v)}
          error={errors.dimension}
        />
      )}
      {dimension?.kind === 'choice' && (
        <SelectField
          label={`${dimension.label} is`}
          value={get('dimensionValue')}
          placeholder="Any value"
          options={dimension.choices.map((c) => ({ value: c, label: c }))}
          onChange={(v) => onChange('dimensionValue', v)}
          error={errors.dimensionValue}
        />
      )}
      {dimension && dimension.kind !== 'choice' && (
        <TextField
          label={dimension.kind === 'text' ? `${dimension.label} contains` : `${dimension.label} is`}
          value={dimensionValue}
          inputMode={dimension.kind === 'number' ? 'numeric' : undefined}
          hint="Empty: any value."
          onChange={setDimensionValue}
          error={errors.dimensionValue}
        />
      )}
      <TextField
        label="Minimum talk time (seconds)"
        value={minDuration}
        inputMode="numeric"
        onChange={setMinDuration}
        error={errors.minDuration}
      />
      <CheckboxField
        label="First-time callers only"
        checked={get('firstTime') === '1'}
        onChange={(on) => onChange('firstTime', on ? '1' : '')}
      />
      <CheckboxField
        label="Show test calls"
        hint="Calls made from this admin area to hear your routing: never in reports, usage or bills."
        checked={get('testCalls') === '1'}
        onChange={(on) => onChange('testCalls', on ? '1' : '')}
      />
      {hasCallsOut && (
        <CheckboxField
          label="Show agents' calls out"
          hint="Calls your agents made to customers: never in the figures of calls received."
          checked={get('callsOut') === '1'}
          onChange={(on) => onChange('callsOut', on ? '1' : '')}
        />
      )}
      </div>
    </section>
  );
}
