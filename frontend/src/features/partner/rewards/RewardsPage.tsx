import { BarChart } from '../../../components/BarChart';
import { LoadedPage } from '../../../components/LoadedPage';
import { withContact } from '../../../lib/contact';
import { useLoader } from '../../../lib/useLoader';
import { getRewards, type Rewards } from '../api';
import { NO_REWARDS, REWARDS_FAILED } from '../messages';
import { money, RewardTable } from './RewardTable';

const PROGRAMME_NAMES: Record<string, string> = { reseller: 'Reseller margin', referrer: 'Referral fee' };

/**
 * 'October 2026' as 'Oct 26', short enough to stand under a bar. The server's rows carry the
 * long label only (the lead report's rows carry both).
 */
function RewardsReport({ rewards }: { rewards: Rewards }) {
  const rates = rewards.programmes
    .filter((p) => p.rate)
    .map((p) => `${PROGRAMME_NAMES[p.programme] ?? p.programme} ${p.rate}`)
    .join(' · ');
  const months = [...rewards.byMonth].reverse();
  const totals = { totalNetPence: rewards.totalNetPence, totalRewardPence: rewards.totalRewardPence };
  return (
    <>
      <section className="card" aria-labelledby="reward-terms">
        <h2 id="reward-terms">Your agreement</h2>
        <p>{rates || 'No agreement on file: contact client services.'}</p>
        <p>
          Rewards are your share of each client invoice before VAT. Earned so far:{' '}
          <strong>{money(rewards.totalRewardPence)}</strong> on {money(rewards.totalNetPence)} invoiced.
        </p>
      </section>
      {rewards.byMonth.length === 0 ? (
        <p className="card">{NO_REWARDS}</p>
      ) : (
        <>
          <section className="card" aria-labelledby="rewards-chart">
            <h2 id="rewards-chart">Rewards by month</h2>
            <BarChart
              label={`Rewards per month, ${months[0]?.label} to ${months.at(-1)?.label} (figures in the By month table)`}
              categories={months.map((m) => m.shortLabel)}
              series={[{ label: 'Reward', values: months.map((m) => m.rewardPence), format: money }]}
            />
          </section>
          <RewardTable id="rewards-by-month" heading="By month" first="Month" rows={rewards.byMonth} {...totals} />
          <RewardTable id="rewards-by-client" heading="By client" first="Client" rows={rewards.byClient} {...totals} />
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
