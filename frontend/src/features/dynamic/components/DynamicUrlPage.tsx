import { useId } from 'react';
import { canManageIntegrations } from '../../../domain';
import { LocationNotice } from '../../../components/LocationNotice';
import { PageHeading } from '../../../components/PageHeading';
import { useAccount } from '../../../lib/account';
import { useLoader } from '../../../lib/useLoader';
import { getDynamicUrls } from '../api/getDynamicUrls';
import { PoolsCard } from './PoolsCard';
import { TrackingSnippet } from './TrackingSnippet';
import { CHECK_FAILED, WebsiteCheck } from './WebsiteCheck';

export const NOT_FOUND = 'This dynamic URL was not found.';

/** /dynamicurls/{VcamID}: the address, its tracking code, the website check and the pools. */
export function DynamicUrlPage({ title, vcamId }: { title: string; vcamId: string }) {
  const { account } = useAccount();
  const [load] = useLoader(getDynamicUrls);
  const headingId = useId();

  let body;
  if (load.status === 'loading') {
    body = (
      <div className="section-loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>Loading the dynamic URL…</span>
      </div>
    );
  } else if (load.status === 'failed') {
    body = (
      <p role="alert" className="banner banner-error">
        {CHECK_FAILED}
      </p>
    );
  } else {
    const found = load.data.find((row) => String(row.VcamID) === vcamId);
    body = !found ? (
      <p role="alert" className="banner banner-warning">
        {NOT_FOUND}
      </p>
    ) : (
      <>
        <section className="card dynamic-url" aria-labelledby={headingId}>
          <h2 id={headingId} className="card-heading">
            {found.VcamDescription}
          </h2>
          <p className="dynamic-url-address">{found.url}</p>
          <WebsiteCheck
            vcamId={found.VcamID}
            description={found.VcamDescription}
            canManage={canManageIntegrations(account)}
            showActions={false}
          />
          <TrackingSnippet reference={found.VcamReference} />
        </section>
        <PoolsCard vcamId={vcamId} />
      </>
    );
  }

  return (
    <>
      <PageHeading title={title} />
      <LocationNotice />
      {body}
    </>
  );
}
