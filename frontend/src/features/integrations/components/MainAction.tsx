import { Link } from 'react-router';
import type { IntegrationButton } from '../../../domain';
import type { Integration } from '../api/types';
import { ActionLabel, NewWindowNote } from './ActionLabel';

export interface MainActionProps {
  button: IntegrationButton;
  /** Missing for the merged 'Webhooks & API' add-on card. */
  integration: Integration | undefined;
  title: string;
  canManage: boolean;
  /** The id of the text that says why Connect is off. */
  notAllowedId?: string;
  connecting: boolean;
  onConnect: (integration: Integration) => void;
  /** Adds the title to the accessible name (a list of cards has many 'Connect' buttons). */
  named?: boolean;
}

const isAppPath = (url: string) => url.startsWith('/');

function ExternalLink({ href, text, title }: { href: string; text: string; title?: string }) {
  return (
    <a className="button button-primary" href={href} target="_blank" rel="noopener noreferrer">
      <ActionLabel text={text} title={title} />
      <NewWindowNote />
    </a>
  );
}

/** The card's main button, as the domain's integrationOverview decided it. */
export function MainAction(props: MainActionProps) {
  const { button, integration, canManage, notAllowedId, connecting, onConnect } = props;
  const title = props.named ? props.title : undefined;
  switch (button) {
    case 'addOn':
      // The plan and usage page opens the add-on modal for ?scope= (the merged card is the API's).
      return (
        <Link className="button button-primary" to={`/subscription?scope=${integration?.scope ?? 'integration_api'}`}>
          <ActionLabel text="Add-on" title={title} />
        </Link>
      );
    case 'upgradeToDynamic':
      return (
        <Link className="button button-primary" to="/services/dynamic">
          <ActionLabel text="Upgrade to dynamic" title={title} />
        </Link>
      );
    case 'notAuthorised':
      return (
        <button type="button" className="button" disabled>
          <ActionLabel text="Not authorised" title={title} />
        </button>
      );
    case 'configure': {
      if (!integration) return null;
      const url = integration.configureUrl;
      if (!isAppPath(url)) return <ExternalLink href={url} text="Configure" title={title} />;
      return (
        <Link className="button button-primary" to={url}>
          <ActionLabel text="Configure" title={title} />
        </Link>
      );
    }
    case 'connect': {
      if (!integration) return null;
      if (!canManage) {
        return (
          <button type="button" className="button" disabled aria-describedby={notAllowedId}>
            <ActionLabel text="Connect" title={title} />
          </button>
        );
      }
      const url = integration.connectUrl;
      if (integration.connectUrlExternal || integration.connectUrlNewWindow || /^https?:/.test(url)) {
        return <ExternalLink href={url} text="Connect" title={title} />;
      }
      if (isAppPath(url)) {
        return (
          <Link className="button button-primary" to={url}>
            <ActionLabel text="Connect" title={title} />
          </Link>
        );
      }
      return (
        <button
          type="button"
          className="button button-primary"
          disabled={connecting}
          onClick={() => onConnect(integration)}
        >
          <ActionLabel text={connecting ? 'Connecting…' : 'Connect'} title={title} />
        </button>
      );
    }
    case 'none':
      return null;
  }
}

export function RemoveAction({
  integration,
  canManage,
  notAllowedId,
  onRemove,
  named,
}: {
  integration: Integration;
  canManage: boolean;
  notAllowedId?: string;
  onRemove: (integration: Integration) => void;
  named?: boolean;
}) {
  return (
    <button
      type="button"
      className="button"
      disabled={!canManage}
      aria-describedby={canManage ? undefined : notAllowedId}
      onClick={() => onRemove(integration)}
    >
      <ActionLabel text="Remove" title={named ? integration.title : undefined} />
    </button>
  );
}
