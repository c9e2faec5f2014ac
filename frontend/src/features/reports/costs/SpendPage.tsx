import { useState } from 'react';
import { DataTable, type Column } from '../../../components/DataTable';
import { SelectField, TextField } from '../../../components/fields';
import { SearchSelectField } from '../../../components/SearchSelectField';
import { LoadedPage } from '../../../components/LoadedPage';
import type { SectionProps } from '../../../components/PageHeading';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { validateSpendMonth } from '../../../domain/spend';
import { refusalErrors } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { ReportsTabs } from '../components/ReportsTabs';
import { shortDay } from '../dashboard/period';
import { getSpendMonth, saveSpendMonth, type SpendLine, type SpendMonth } from './api';
import './spend.css';

export const SPEND_LOAD_FAILED = 'The ad spend could not be loaded. Please try again.';
export const SAVE_FAILED = 'The spend could not be saved. Please try again.';
export const NO_SPEND_LINES = 'No spend this month yet.';
export const SPEND_INTRO =
  'What your marketing cost, a day at a time: entered here for each source / medium, campaign or number (what the radio advert or the van livery printed with it cost), or imported every day from the ad platforms you connect. The dashboard and Track sales divide it by the calls.';

/** The month before or after 'YYYY-MM'. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const LINE_COLUMNS: Column<SpendLine>[] = [
  { id: 'label', header: 'Spent on', rowHeader: true, cell: (line) => line.label || '—' },
  { id: 'origin', header: 'From', cell: (line) => line.originLabel },
  { id: 'days', header: 'Days with spend', cell: (line) => line.days.filter((d) => d !== null).length },
  { id: 'total', header: 'Total', cell: (line) => line.total },
];

/** Pounds of a day's pence, as the table is typed ('' none). */
const pounds = (pence: number | null | undefined) => (pence == null ? '' : (pence / 100).toFixed(2));

/** What a line is on: a source / medium, a campaign and a number, each '' for none. */
interface SpendOn {
  source: string;
  campaign: string;
  number: string;
}

const idOf = (id: number | null | undefined) => String(id ?? '');
const asId = (chosen: string) => (chosen ? Number(chosen) : null);

/** A month's table of one line: what it is on, then an amount a day. */
function SpendEditor({ data, onSaved }: { data: SpendMonth; onSaved: (outcome: Outcome) => void }) {
  const [on, setOn] = useState<SpendOn>({ source: '', campaign: '', number: '' });
  const entered = (chosen: SpendOn) =>
    data.lines.find(
      (line) =>
        line.origin === 'manual' &&
        idOf(line.sourceMediumId) === chosen.source &&
        idOf(line.campaignId) === chosen.campaign &&
        idOf(line.routingEntryId) === chosen.number,
    );
  const [amounts, setAmounts] = useState<string[]>(() => data.days.map(() => ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const choose = (change: Partial<SpendOn>) => {
    const chosen = { ...on, ...change };
    setOn(chosen);
    const line = entered(chosen);
    setAmounts(data.days.map((_, i) => pounds(line?.days[i])));
    setErrors({});
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const form = {
      month: data.month,
      sourceMediumId: asId(on.source),
      campaignId: asId(on.campaign),
      routingEntryId: asId(on.number),
      amounts,
    };
    const found = validateSpendMonth(form, data.today) as Record<string, string>;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = await saveSpendMonth({ month: data.month, ...on, amounts });
      onSaved({ kind: 'success', text: saved.message });
    } catch (error) {
      const refused = refusalErrors(error);
      if (refused) setErrors(refused);
      else onSaved({ kind: 'error', text: SAVE_FAILED });
    } finally {
      setBusy(false);
    }
  };
  const sources = data.sources.map((s) => ({ value: String(s.id), label: s.label }));
  const campaigns = data.campaigns.map((c) => ({ value: String(c.id), label: c.label }));
  const numbers = data.numbers.map((n) => ({ value: String(n.id), label: n.label }));
  const future = (day: string) => day > data.today;
  return (
    <form className="card" aria-labelledby="spend-enter" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="spend-enter">{`Enter spend for ${data.monthLabel}`}</h2>
      <SelectField
        label="Source / medium"
        name="sourceMediumId"
        value={on.source}
        options={sources}
        placeholder="No source / medium"
        onChange={(source) => choose({ source })}
        error={errors.sourceMediumId}
      />
      <SelectField
        label="Campaign"
        name="campaignId"
        value={on.campaign}
        options={campaigns}
        placeholder="No campaign"
        onChange={(campaign) => choose({ campaign })}
      />
      <SearchSelectField
        label="Number"
        name="routingEntryId"
        value={on.number}
        options={numbers}
        placeholder="No number"
        hint="Type part of the number or the pool's name."
        onChange={(number) => choose({ number })}
      />
      <p className="field-hint">
        Pounds a day, like 12.50; leave a day empty when nothing was spent. Saving replaces this month&apos;s table for
        the line chosen.
      </p>
      <div className="spend-days">
        {data.days.map((day, i) => (
          <TextField
            key={day}
            label={shortDay(day)}
            name={`amounts[${i}]`}
            value={amounts[i] ?? ''}
            inputMode="decimal"
            disabled={future(day)}
            onChange={(value) => setAmounts((now) => now.map((a, j) => (j === i ? value : a)))}
            error={errors[`amounts.${i}`]}
          />
        ))}
      </div>
      {errors.amounts && (
        <p className="field-error" role="alert">
          {errors.amounts}
        </p>
      )}
      {errors.month && (
        <p className="field-error" role="alert">
          {errors.month}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save the month'}
      </button>
    </form>
  );
}

/** /reports/spend: a month's ad spend, entered and imported, and its table to enter. */
export function SpendPage({ title }: SectionProps) {
  const [month, setMonth] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [load, reload] = useLoader(() => getSpendMonth(month), [month]);
  const go = (to: string) => {
    setOutcome(null);
    setMonth(to);
  };
  return (
    <LoadedPage title={title} load={load} failedText={SPEND_LOAD_FAILED}>
      {(data) => (
        <>
          <ReportsTabs />
          <p>{SPEND_INTRO}</p>
          <ResultBanner outcome={outcome} />
          <nav className="spend-month" aria-label="Month">
            <button type="button" className="button" onClick={() => go(shiftMonth(data.month, -1))}>
              Previous month
            </button>
            <h2>{data.monthLabel}</h2>
            <button
              type="button"
              className="button"
              disabled={data.month >= data.today.slice(0, 7)}
              onClick={() => go(shiftMonth(data.month, 1))}
            >
              Next month
            </button>
          </nav>
          <section aria-labelledby="spend-imports">
            <h2 id="spend-imports">Imported from your ad platforms</h2>
            <ul>
              {data.imports.map((line) => (
                <li key={line.platform}>
                  <strong>{line.label}</strong>: {line.state}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="spend-lines">
            <h2 id="spend-lines">{`Spend in ${data.monthLabel}: ${data.total}`}</h2>
            <DataTable
              plain
              label={`Spend in ${data.monthLabel}`}
              columns={LINE_COLUMNS}
              rows={data.lines}
              rowKey={(line) =>
                `${line.sourceMediumId ?? 0}-${line.campaignId ?? 0}-${line.routingEntryId ?? 0}-${line.origin}`
              }
              emptyText={NO_SPEND_LINES}
            />
          </section>
          {data.canEdit && (
            <SpendEditor
              key={data.month}
              data={data}
              onSaved={(result) => {
                setOutcome(result);
                if (result.kind === 'success') void reload();
              }}
            />
          )}
        </>
      )}
    </LoadedPage>
  );
}
