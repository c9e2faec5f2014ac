import { lazy, Suspense, useId, useMemo } from 'react';
import { useLocation } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { canManageIntegrations, guardRoute, integrationOverview, showsDynamicUrls } from '../../../domain';
import { useAccount } from '../../../lib/account';
import { DynamicUrlsList } from '../../dynamic/components/DynamicUrlsList';
import { useIntegrations } from '../../integrations/api/useIntegrations';
import { ConnectionOutcome } from '../../integrations/components/ConnectionOutcome';
import { MANAGE_NOT_ALLOWED, SOMETHING_WENT_WRONG } from '../../integrations/components/messages';
import { useIntegrationActions } from '../../integrations/components/useIntegrationActions';
import { FirstRunChecklist } from './FirstRunChecklist';
import { IntegrationSections } from './IntegrationSections';

// The setup dialog brings the form rules (the large wasm module): loaded only on /ga_connect.
const GaConnectDialog = lazy(() =>
  import('../../integrations/components/GaConnectDialog').then((m) => ({ default: m.GaConnectDialog })),
);

export const GA_CONNECT_PATH = '/ga_connect';

function DynamicUrlsSection() {
  const headingId = useId();
  return (
    <section className="integration-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="integration-section-heading">
        Dynamic URLs
      </h2>
      <DynamicUrlsList />
    </section>
  );
}

/** "/" (Integrate): the integration cards, the dynamic URLs, and on /ga_connect the GA setup. */
export function OverviewPage({ title }: { title: string }) {
  const { account } = useAccount();
  const { pathname } = useLocation();
  const integrations = useIntegrations();
  const actions = useIntegrationActions(integrations.reload);
  const canManage = canManageIntegrations(account);
  const notAllowedId = useId();
  const { state, configured } = integrations;
  const overview = useMemo(
    () => (state === 2 ? integrationOverview(account, configured) : null),
    [account, state, configured],
  );
  const gaConnect = pathname.replace(/\/+$/, '') === GA_CONNECT_PATH;
  const showsDynamic = showsDynamicUrls(account);

  return (
    <div className="overview">
      <PageHeading title={title} />
      {guardRoute('/services/static', account).kind === 'allow' && <FirstRunChecklist customerId={account.customerId} />}
      {gaConnect && <ConnectionOutcome title="Google Analytics" />}
      {actions.messages}
      {!canManage && (
        <p id={notAllowedId} className="banner banner-warning">
          {MANAGE_NOT_ALLOWED}
        </p>
      )}
      {integrations.failed && (
        <p role="alert" className="banner banner-error">
          {SOMETHING_WENT_WRONG}
        </p>
      )}
      {overview ? (
        <IntegrationSections
          overview={overview}
          integrations={integrations.integrations}
          isGroupAccount={account.isGroupAccount}
          context={{ canManage, notAllowedId, actions }}
        />
      ) : (
        !integrations.failed && (
          <div className="section-loading" role="status" aria-live="polite">
            <span className="spinner" aria-hidden="true" />
            <span>Loading integrations…</span>
          </div>
        )
      )}
      {showsDynamic && <DynamicUrlsSection />}
      {actions.dialog}
      {gaConnect && (
        <Suspense fallback={null}>
          <GaConnectDialog />
        </Suspense>
      )}
    </div>
  );
}
