import { useId, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import {
  canManageIntegrations,
  ftpExportRefusal,
  integrationForPage,
  integrationOverview,
  type IntegrationCard,
} from '../../../domain';
import { useAccount } from '../../../lib/account';
import { useIntegrations } from '../api/useIntegrations';
import type { Integration } from '../api/types';
import { ConnectionOutcome } from './ConnectionOutcome';
import { ConnectionSettings } from './ConnectionSettings';
import { IntegrationIcon } from './IntegrationIcon';
import { hasSettingsForm, IntegrationSettingsForm } from './IntegrationSettingsForm';
import { integrationStatus } from './IntegrationStatus';
import { hasProviderSettings, ProviderSettingsForm } from './ProviderSettingsForm';
import { MainAction, RemoveAction } from './MainAction';
import { MANAGE_NOT_ALLOWED, SOMETHING_WENT_WRONG } from './messages';
import { useIntegrationActions } from './useIntegrationActions';

export const NOT_AN_INTEGRATION = 'This page does not belong to an integration.';

function pagePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // A malformed escape: let the domain judge the raw path.
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The main button the page itself needs: Connect through the provider, or what stands instead. */
function pageButton(card: IntegrationCard, integration: Integration): boolean {
  switch (card.buttons.main) {
    case 'notAuthorised':
    case 'upgradeToDynamic':
      return true;
    case 'connect':
      // Settings ones are connected by this page's form; their connect link is this page.
      return !hasSettingsForm(integration.identifier) && !integration.connectUrl.startsWith('/');
    default:
      return false;
  }
}

function NotInPackage({ title }: { title: string }) {
  return (
    <p>
      {title} is not in your package. <Link to="/subscription">See your subscription</Link>
    </p>
  );
}

function IntegrationDetails({ title, identifier }: { title: string; identifier: string }) {
  const { account } = useAccount();
  const navigate = useNavigate();
  const load = useIntegrations();
  const actions = useIntegrationActions(load.reload);
  const canManage = canManageIntegrations(account);
  const ftpRefusal = ftpExportRefusal(account);
  const headingId = useId();
  const notAllowedId = useId();
  const { state, configured } = load;
  const card = useMemo(
    () =>
      state === 2 ? integrationOverview(account, configured).authorised.find((c) => c.identifier === identifier) : undefined,
    [account, configured, identifier, state],
  );
  const integration = load.integrations.find((i) => i.identifier === identifier);

  let body;
  if (state < 2 || !integration) {
    body = load.failed ? null : (
      <div className="section-loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>Loading…</span>
      </div>
    );
  } else {
    const isConfigured = card?.configured ?? configured.includes(identifier);
    body = (
      <section className="card integration-page" aria-labelledby={headingId}>
        <div className="integration-page-heading">
          <IntegrationIcon src={integration.icon} />
          <h2 id={headingId}>{integration.title}</h2>
          {integration.isPaidExtra && <span className="integration-badge">Paid extra</span>}
        </div>
        {!card ? (
          <NotInPackage title={integration.title} />
        ) : (
          <>
            <p className="integration-status">
              {integrationStatus(isConfigured, integration.connection ?? null, account.customerTimeZone)}
            </p>
            <ConnectionSettings connection={integration.connection ?? null} />
            {!canManage && (
              <p id={notAllowedId} className="banner banner-warning">
                {MANAGE_NOT_ALLOWED}
              </p>
            )}
            {isConfigured && hasProviderSettings(identifier) && (
              <ProviderSettingsForm integration={integration} disabled={!canManage} onSaved={load.reload} />
            )}
            {canManage && identifier === 'ftp_export' && ftpRefusal && (
              <p className="banner banner-warning">{ftpRefusal}</p>
            )}
            {hasSettingsForm(identifier) && card.buttons.main !== 'notAuthorised' && (
              <IntegrationSettingsForm
                integration={integration}
                configured={isConfigured}
                disabled={!canManage || (identifier === 'ftp_export' && ftpRefusal !== null)}
                onSaved={load.reload}
              />
            )}
            <div className="integration-actions">
              {identifier === 'google_analytics' && isConfigured && (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={!canManage}
                  aria-describedby={canManage ? undefined : notAllowedId}
                  onClick={() => navigate('/ga_connect')}
                >
                  Choose property
                </button>
              )}
              {pageButton(card, integration) && (
                <MainAction
                  button={card.buttons.main}
                  integration={integration}
                  title={integration.title}
                  canManage={canManage}
                  notAllowedId={notAllowedId}
                  connecting={actions.connecting === identifier}
                  onConnect={actions.connect}
                />
              )}
              {card.buttons.remove && integration.removeUrl && (
                <RemoveAction
                  integration={integration}
                  canManage={canManage}
                  notAllowedId={notAllowedId}
                  onRemove={actions.remove}
                />
              )}
            </div>
          </>
        )}
      </section>
    );
  }

  return (
    <>
      <PageHeading title={title} />
      <p className="back-link">
        <Link to="/">Back to Integrate</Link>
      </p>
      {integration && <ConnectionOutcome title={integration.title} />}
      {actions.messages}
      {load.failed && (
        <p role="alert" className="banner banner-error">
          {SOMETHING_WENT_WRONG}
        </p>
      )}
      {body}
      {actions.dialog}
    </>
  );
}

/** An integration's destination page (and its sub-pages): its state, settings, Connect and Remove. */
export function IntegrationPage({ title }: { title: string }) {
  const { pathname } = useLocation();
  const identifier = integrationForPage(pagePath(pathname));
  if (!identifier) {
    return (
      <>
        <PageHeading title={title} />
        <p>{NOT_AN_INTEGRATION}</p>
      </>
    );
  }
  return <IntegrationDetails key={identifier} title={title} identifier={identifier} />;
}
