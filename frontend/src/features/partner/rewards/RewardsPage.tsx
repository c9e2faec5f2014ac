import { BarChart } from '../../../components/BarChart';
import { LoadedPage } from '../../../components/LoadedPage';
import { formatPounds } from '../../../domain';

const money = (pence: number) => formatPounds(pence / 100);
import { withContact } from '../../../lib/contact';
import { useLoader } from '../../../lib/useLoader';
import { getRewards, type RewardRow, type Rewards } from '../api';
import { NO_REWARDS, REWARDS_FAILED } from '../messages';

const PROGRAMME_NAMES: Record<string, string> = { reseller: 'Reseller margin', referrer: 'Referral fee' };

/** One table of reward rows with a totals row. */
function RewardTable({ caption, first, rows, rewards }: { caption: string; first: string; rows: RewardRow[]; rewards: Rewards }) {
  return (
    <div className="table-scroll data-table">
      <table>
        <caption>{caption}</caption>
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
            <td>{money(rewards.totalNetPence)}</td>
            <td>{money(rewards.totalRewardPence)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function RewardsReport({ rewards }: { rewards: Rewards }) {
  const rates = rewards.programmes
    .filter((p) => p.rate)
    .map((p) => `${PROGRAMME_NAMES[p.programme] ?? p.programme} ${p.rate}`)
    .join(' · ');
  const months = [...rewards.byMonth].reverse();
  return (
    <>
      <section className="card card-body" aria-labelledby="reward-terms">
        <h2 id="reward-terms">Your agreement</h2>
        <p>{rates || 'No agreement on file: contact client services.'}</p>
        <p>
          Rewards are your share of each client invoice before VAT. Earned so far:{' '}
          <strong>{money(rewards.totalRewardPence)}</strong> on {money(rewards.totalNetPence)} invoiced.
        </p>
      </section>
      {rewards.byMonth.length === 0 ? (
        <p>{NO_REWARDS}</p>
      ) : (
        <>
          <section className="card card-body" aria-labelledby="rewards-chart">
            <h2 id="rewards-chart">Rewards by month</h2>
            <BarChart
              label={`Rewards per month, ${months[0]?.label} to ${months.at(-1)?.label}`}
              categories={months.map((m) => m.label)}
              series={[{ label: 'Reward (pence)', values: months.map((m) => m.rewardPence) }]}
            />
          </section>
          <RewardTable caption="By month" first="Month" rows={rewards.byMonth} rewards={rewards} />
          <RewardTable caption="By client" first="Client" rows={rewards.byClient} rewards={rewards} />
        </>
      )}
    </>
  );
}

/** /partner/rewards: what the partner earned on its clients' invoices, by month and by client. */
export function RewardsPage({ title }: { title: string }) {
  const [load] = useLoader(getRewards);
  return (
    <LoadedPage title={title} load={load} failedText={withContact(REWARDS_FAILED)}>
      {(rewards) => <RewardsReport rewards={rewards} />}
    </LoadedPage>
  );
}
