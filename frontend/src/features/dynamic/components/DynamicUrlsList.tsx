import { Link } from 'react-router';
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

function Row({ row, canManage, onTagManager, tagManagerBusy }: {
  row: DynamicUrl;
  canManage: boolean;
  onTagManager: (vcamId: number) => void;
  tagManagerBusy: boolean;
}) {
  const { account } = useAccount();
  return (
    <tr>
      <th scope="row">
        <Link to={`/dynamicurls/${row.VcamID}`}>{row.VcamDescription}</Link>
      </th>
      <td className="dynamic-url-address">{row.url}</td>
      <td>
        <LastCheck check={row.previousDayCheck ?? null} timeZone={account.customerTimeZone} />
      </td>
      <td>
        <WebsiteCheck vcamId={row.VcamID} description={row.VcamDescription} canManage={canManage} />
      </td>
      <td>
        <button
          type="button"
          className="button"
          disabled={!canManage || tagManagerBusy}
          onClick={() => onTagManager(row.VcamID)}
        >
          Tag manager{' '}<span className="visually-hidden">for {row.VcamDescription}</span>
        </button>
      </td>
    </tr>
  );
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
  } else if (load.data.length === 0) {
    body = <p className="empty-state">No dynamic URLs yet.</p>;
  } else {
    // Not the DataTable: the home page shows this list, and the first screen's budget cannot take
    // the list rules' wasm (domain/pages) that the DataTable brings.
    body = (
      <div className="table-scroll">
        <table className="simple-table dynamic-urls">
          <caption className="visually-hidden">
            Dynamic URLs
          </caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">URL</th>
              <th scope="col">Last check</th>
              <th scope="col">Website check</th>
              <th scope="col">
                <span className="visually-hidden">Tag manager</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.data.map((row) => (
              <Row
                key={row.VcamID}
                row={row}
                canManage={canManage}
                onTagManager={tagManager.start}
                tagManagerBusy={tagManager.busy === row.VcamID}
              />
            ))}
          </tbody>
        </table>
      </div>
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
