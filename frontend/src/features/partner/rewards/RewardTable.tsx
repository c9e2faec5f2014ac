import { formatPounds } from '../../../domain/pages';
import type { RewardRow } from '../api';

/** Pence as invoices show money, by the domain's format. */
export const money = (pence: number) => formatPounds(pence / 100);

/** One table of reward rows (by month or by client) under its heading, with a totals row. */
export function RewardTable({
  id,
  heading,
  first,
  rows,
  totalNetPence,
  totalRewardPence,
}: {
  id: string;
  heading: string;
  first: string;
  rows: RewardRow[];
  totalNetPence: number;
  totalRewardPence: number;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <div className="table-scroll">
        <table className="breakdown-table reward-table" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{first}</th>
              <th scope="col">Invoices</th>
              <th scope="col">Invoiced (before VAT)</th>
              <th scope="col">Reward</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>{row.invoices}</td>
                <td>{money(row.netPence)}</td>
                <td>{money(row.rewardPence)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{rows.reduce((sum, row) => sum + row.invoices, 0)}</td>
              <td>{money(totalNetPence)}</td>
              <td>{money(totalRewardPence)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
