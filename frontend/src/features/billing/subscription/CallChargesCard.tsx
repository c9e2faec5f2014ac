import { useState } from 'react';
import { formatPounds, inclusiveMinutesText } from '../../../domain/pages';
import type { CallCharges, DirectionUsage, PeriodUsage } from '../api';

/** The toggle's values, as the spec numbers them. */
const MONTHLY = 1;
const QUARTERLY = 2;

function periods(direction: DirectionUsage, toggle: number): [PeriodUsage, PeriodUsage] {
  const usage = toggle === MONTHLY ? direction.monthlyUsage : direction.quarterlyUsage;
  return [usage.previous, usage.current];
}

/** Inclusive minutes and the additional charges of the previous and current month or quarter. */
export function CallChargesCard({
  charges,
  minutesAvailable,
  minutesLeft,
}: {
  charges: CallCharges | null;
  minutesAvailable: number;
  minutesLeft: number;
}) {
  const [toggle, setToggle] = useState(MONTHLY);
  const minutesText = inclusiveMinutesText(minutesLeft, minutesAvailable);
  const rows: [string, (p: PeriodUsage) => string][] = [
    ['calls', (p) => p.calls.toLocaleString('en-GB')],
    ['minutes', (p) => p.minutes.toLocaleString('en-GB')],
    // Money: pounds and pence (the domain's format, as the invoices show it).
    ['cost', (p) => formatPounds(p.totalCost)],
  ];
  return (
    <section className="card" aria-labelledby="call-charges-heading">
      <h2 id="call-charges-heading" className="card-heading">
        Call charges
      </h2>
      {minutesText && (
        <div className="inclusive-minutes">
          <p id="inclusive-minutes-text">{minutesText}</p>
          <progress
            max={minutesAvailable}
            value={minutesAvailable - minutesLeft}
            aria-labelledby="inclusive-minutes-text"
          />
        </div>
      )}
      <h3>Additional charges</h3>
      <div className="toggle-group" role="group" aria-label="Charges period">
        {[
          [MONTHLY, 'Monthly'],
          [QUARTERLY, 'Quarterly'],
        ].map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="toggle-button"
            aria-pressed={toggle === value}
            onClick={() => setToggle(value as number)}
          >
            {label}
          </button>
        ))}
      </div>
      {charges === null ? (
        <p className="muted">…</p>
      ) : (
        <table className="breakdown-table">
          <caption className="visually-hidden">Calls and charges by {toggle === MONTHLY ? 'month' : 'quarter'}</caption>
          <thead>
            <tr>
              <th scope="col">Calls</th>
              {periods(charges.inbound, toggle).map((p) => (
                <th key={p.label} scope="col">
                  {p.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(['inbound', 'outbound'] as const).flatMap((direction) =>
              rows.map(([what, show]) => (
                <tr key={`${direction}-${what}`}>
                  <th scope="row">
                    {direction === 'inbound' ? 'Inbound' : 'Outbound'} {what}
                  </th>
                  {periods(charges[direction], toggle).map((p) => (
                    <td key={p.label}>{show(p)}</td>
                  ))}
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
