import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { canManageIntegrations, websiteCheckView } from '../../../domain';
import { useAccount } from '../../../lib/account';
import { formatRelative } from '../../../lib/dates';
import { useLoader } from '../../../lib/useLoader';
import { getDynamicUrls } from '../api/getDynamicUrls';
import type { DynamicUrl, PreviousDayCheck } from '../api/types';
import { LazyTagManagerDialog } from './LazyTagManagerDialog';
import { useTagManager } from './useTagManager';
import { CHECK_FAILED, CheckOutcome, WebsiteCheck } from './WebsiteCheck';

function LastCheck({ check, timeZone }: { check: PreviousDayCheck | null; timeZone: string }) {
  if (!check) return <>Not checked yet</>;
  const view = websiteCheckView(check.WechStatus, check.WechMhct === 1, check.WechMhctWorking === 1);
  return (
    <>
      <span className={view.failed ? 'check-failed' : undefined}>{view.label ?? check.reason ?? 'Not checked'}</span>
      {check.checkedAt != null && (
        <>
          <br />
          <span className="field-hint">Checked {formatRelative(check.checkedAt, timeZone)}</span>
        </>
      )}
      {check.reason && (
        <>
          <br />
          <CheckOutcome
            reason={view.label ? check.reason : null}
            lastGoodCheckAt={check.lastGoodCheckAt}
            timeZone={timeZone}
          />
        </>
      )}
    </>
  );
}

interface RowActions {
  canManage: boolean;
  timeZone: string;
  onTagManager: (vcamId: number) => void;
  tagManagerBusy: number | null;
}

function urlColumns({ canManage, timeZone, onTagManager, tagManagerBusy }: RowActions): Column<DynamicUrl>[] {
  return [
    {
      id: 'description',
      header: 'Description',
      rowHeader: true,
      cell: (row) => <Link to={`/dynamicurls/${row.VcamID}`}>{row.VcamDescription}</Link>,
    },
    { id: 'url', header: 'URL', cell: (row) => <span className="dynamic-url-address">{row.url}</span> },
    {
      id: 'lastCheck',
      header: 'Last check',
      cell: (row) => <LastCheck check={row.previousDayCheck ?? null} timeZone={timeZone} />,
    },
    {
      id: 'websiteCheck',
      header: 'Website check',
      cell: (row) => <WebsiteCheck vcamId={row.VcamID} description={row.VcamDescription} canManage={canManage} />,
    },
    {
      id: 'tagManager',
      header: 'Tag manager',
      hiddenHeader: true,
      cell: (row) => (
        <button
          type="button"
          className="button"
          disabled={!canManage || tagManagerBusy === row.VcamID}
          onClick={() => onTagManager(row.VcamID)}
        >
          Tag manager{' '}<span className="visually-hidden">for {row.VcamDescription}</span>
        </button>
      ),
    },
  ];
}

/** The customer's dynamic URLs with their website checks and tag manager setup. */
export function DynamicUrlsList() {
  const { account } = useAccount();
  const canManage = canManageIntegrations(account);
  const [load] = useLoader(getDynamicUrls);
  const tagManager = useTagManager();

  let body;
  if (load.status === 'loading') {
    body = (
      <div className="section-loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>Loading dynamic URLs…</span>
      </div>
    );
  } else if (load.status === 'failed') {
    body = (
      <p role="alert" className="banner banner-error">
        {CHECK_FAILED}
      </p>
    );
  } else {
    body = (
      <DataTable
        plain
        label="Dynamic URLs"
        columns={urlColumns({
          canManage,
          timeZone: account.customerTimeZone,
          onTagManager: tagManager.start,
          tagManagerBusy: tagManager.busy,
        })}
        rows={load.data}
        rowKey={(row) => row.VcamID}
        emptyText="No dynamic URLs yet."
      />
    );
  }

  return (
    <div className="card dynamic-urls-card">
      {tagManager.failed && (
        <p role="alert" className="banner banner-error">
          {CHECK_FAILED}
        </p>
      )}
      {body}
      <LazyTagManagerDialog open={tagManager.open} onClose={tagManager.close} />
    </div>
  );
}
