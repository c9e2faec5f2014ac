import { DraftBanner } from '../../../components/draft/DraftBanner';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { Dialog } from '../../../components/Dialog';
import { CheckboxField } from '../../../components/fields';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { refusalErrors } from '../../../lib/api';
import { LoadedPage } from '../../../components/LoadedPage';
import { formatDateTime } from '../../../domain';
import { useAccount } from '../../../lib/account';
import { useLoader } from '../../../lib/useLoader';
import { addPoolNumbers, getPoolPage, type PoolHealth, type PoolPageData } from '../api/poolPage';

export const POOL_FAILED = "This pool's page could not be loaded. Please try again.";
export const BUY_FAILED = 'The numbers could not be added. Please try again.';

type Offer = NonNullable<PoolPageData['extraNumbers']>;

/** The price of the recommended numbers, the terms to tick, then Buy adds them to this pool. */
function BuyNumbersDialog({
  page,
  offer,
  onClose,
  onBought,
}: {
  page: PoolPageData;
  offer: Offer;
  onClose: () => void;
  onBought: (text: string) => void;
}) {
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function buy() {
    if (!ticked || busy) return;
    setBusy(true);
    setError(null);
    try {
      await addPoolNumbers(page.dynamicUrlId, page.id, offer.count);
      onBought(`${offer.count} numbers were added to ${page.name}.`);
    } catch (failed) {
      const errors = refusalErrors(failed);
      setError(errors?.count ?? errors?.terms ?? BUY_FAILED);
      setBusy(false);
    }
  }
  return (
    <Dialog
      open
      title={`Buy ${offer.count} more numbers`}
      onClose={onClose}
      onSubmit={() => void buy()}
      busy={busy}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={!ticked || busy} aria-busy={busy || undefined}>
            {busy ? 'Buying…' : 'Buy'}
          </button>
        </>
      }
    >
      <p>{offer.note}</p>
      {error && (
        <p role="alert" className="banner banner-error">
          {error}
        </p>
      )}
      <CheckboxField label="I accept the terms and conditions" checked={ticked} onChange={setTicked} disabled={busy} />
    </Dialog>
  );
}

type NumberRow = PoolPageData['numbers'][number];

const columns: Column<NumberRow>[] = [
  { id: 'number', header: 'Number', cell: (n) => n.number, sortValue: (n) => n.number, csv: (n) => n.number },
  {
    id: 'calls',
    header: 'Calls in the last 30 days',
    cell: (n) => n.callsLast30Days,
    sortValue: (n) => n.callsLast30Days,
    csv: (n) => n.callsLast30Days,
  },
];

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="pool-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The health figure: the busiest hour, own numbers, lost calls and the size the pool should be. */
function HealthCard({ page, health, onBuy }: { page: PoolPageData; health: PoolHealth; onBuy: () => void }) {
  const { account } = useAccount();
  const zone = account.customerTimeZone;
  const headingId = useId();
  return (
    <section className="card pool-health" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-heading">
        Pool health
      </h2>
      <p className={`banner ${health.healthy ? 'banner-success' : 'banner-warning'}`} role="status">
        {health.verdict}
      </p>
      <dl className="pool-figures">
        <Figure label="Visits" value={health.visits} />
        <Figure label="Peak hourly visitors" value={health.peakHourlyVisitors} />
        <Figure
          label="Visits with a number of their own"
          value={health.ownNumberPercent == null ? 'No visits' : `${health.ownNumberPercent}%`}
        />
        <Figure label="Calls not attributed (pool ran dry)" value={health.unattributedCalls} />
        <Figure label="Numbers in the pool" value={health.poolSize} />
        <Figure label="Recommended size" value={health.recommendedSize} />
      </dl>
      {health.suspectedAbuse && <p className="banner banner-warning">{health.suspectedAbuse}</p>}
      <p className="field-hint">
        From the visits stored for the last 72 hours ({formatDateTime(page.windowFrom, zone)} to{' '}
        {formatDateTime(page.windowTo, zone)}): visits that never call are kept only that long. A number is held for
        one visitor for {health.sessionMinutes} minutes; the recommended size is the peak hourly visitors divided by
        60 over {health.sessionMinutes} minutes, rounded up, plus {health.marginPercent}%.
      </p>
      {page.extraNumbers && (
        <p>
          <button type="button" className="button button-primary" onClick={onBuy}>
            Buy {page.extraNumbers.count} more numbers
          </button>{' '}
          <span className="field-hint">They are added to this pool, as the recommended size needs.</span>
        </p>
      )}
    </section>
  );
}

/** /dynamicurls/{id}/{pool}: the pool's numbers with their calls, and its health figure. */
export function PoolPage({ title, vcamId, poolId }: { title: string; vcamId: string; poolId: string }) {
  const [load, reload] = useLoader(() => getPoolPage(vcamId, poolId), [vcamId, poolId]);
  const [buying, setBuying] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <LoadedPage title={title} load={load} failedText={POOL_FAILED}>
      {(page) => (
        <>
          <p>
            <Link to={`/dynamicurls/${page.dynamicUrlId}`}>{page.dynamicUrl}</Link> › {page.name}
          </p>
          <DraftBanner readOnly />
          <ResultBanner outcome={outcome} />
          <HealthCard page={page} health={page.health} onBuy={() => setBuying(true)} />
          <DataTable
            label="Pool numbers"
            columns={columns}
            rows={page.numbers}
            rowKey={(n) => n.number}
            pageSize={25}
            defaultSort={{ column: 'number', direction: 'asc' }}
            emptyText="This pool has no numbers."
            csvFileName={`${page.name} numbers`}
          />
          {buying && page.extraNumbers && (
            <BuyNumbersDialog
              page={page}
              offer={page.extraNumbers}
              onClose={() => setBuying(false)}
              onBought={(text) => {
                setBuying(false);
                setOutcome({ kind: 'success', text });
                void reload();
              }}
            />
          )}
        </>
      )}
    </LoadedPage>
  );
}
