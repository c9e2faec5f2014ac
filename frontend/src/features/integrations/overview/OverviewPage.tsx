import { lazy, Suspense, useId, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { canManageIntegrations, guardRoute, integrationOverview, showsDynamicUrls } from '../../../domain';
import { useAccount } from '../../../lib/account';
import { useIntegrations } from '../api/useIntegrations';
import { ConnectionOutcome } from '../components/ConnectionOutcome';
import { MANAGE_NOT_ALLOWED, SOMETHING_WENT_WRONG } from '../components/messages';
import { useIntegrationActions } from '../components/useIntegrationActions';
import { FirstRunChecklist } from './FirstRunChecklist';
import { IntegrationSections } from './IntegrationSections';

// The setup dialog brings the form rules (the large wasm module): loaded only on /ga_connect.
const GaConnectDialog = lazy(() =>
  import('../components/GaConnectDialog').then((m) => ({ default: m.GaConnectDialog })),
);

export const GA_CONNECT_PATH = '/ga_connect';

function DynamicUrlsSection({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="integration-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="integration-section-heading">
        Dynamic URLs
      </h2>
      {children}
    </section>
  );
}

/** "/" (Integrate): the integration cards, the dynamic URLs, and on /ga_connect the GA setup. */
export function OverviewPage({ title, dynamicUrls }: { title: string; dynamicUrls: ReactNode }) {
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
      {showsDynamic && <DynamicUrlsSection>{dynamicUrls}</DynamicUrlsSection>}
      {actions.dialog}
      {gaConnect && (
        <Suspense fallback={null}>
          <GaConnectDialog />
        </Suspense>
      )}
    </div>
  );
}
