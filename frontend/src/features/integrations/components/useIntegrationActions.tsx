import { useState, type ReactNode } from 'react';
import { startConnection } from '../api/connectIntegration';
import { removeIntegration } from '../api/removeIntegration';
import type { Integration } from '../api/types';
import { LazyPasswordConfirmDialog } from './LazyPasswordConfirmDialog';
import { SOMETHING_WENT_WRONG } from './messages';

export interface IntegrationActions {
  /** The identifier whose consent page is being opened. */
  connecting: string | null;
  connect: (integration: Integration) => void;
  /** Asks for the password, then removes the integration and calls onChanged. */
  remove: (integration: Integration) => void;
  /** The failure banner and the success notice. */
  messages: ReactNode;
  dialog: ReactNode;
}

/** Connect (to the provider's consent page) and Remove (after the password), shared by cards and pages. */
export function useIntegrationActions(onChanged: () => Promise<void> | void): IntegrationActions {
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [connecting, setConnecting] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Integration | null>(null);

  function clear() {
    setFailure(null);
    setNotice(null);
  }

  async function connect(integration: Integration) {
    clear();
    setConnecting(integration.identifier);
    try {
      await startConnection(integration.connectUrl);
    } catch {
      setFailure(SOMETHING_WENT_WRONG);
      setConnecting(null);
    }
  }

  async function removeWithKey(integration: Integration, key: string) {
    setRemoving(null);
    if (!integration.removeUrl) return;
    try {
      await removeIntegration(integration.removeUrl, key);
      setNotice(`${integration.title} was removed.`);
      await onChanged();
    } catch {
      setFailure(SOMETHING_WENT_WRONG);
    }
  }

  const messages = (
    <>
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {notice && (
        <p role="status" className="banner banner-success">
          {notice}
        </p>
      )}
    </>
  );

  const dialog = (
    <LazyPasswordConfirmDialog
      open={removing !== null}
      title={removing ? `Remove ${removing.title}` : ''}
      onCancel={() => setRemoving(null)}
      onConfirmed={(key) => removing && void removeWithKey(removing, key)}
    />
  );

  return {
    connecting,
    connect: (integration) => void connect(integration),
    remove: (integration) => {
      clear();
      setRemoving(integration);
    },
    messages,
    dialog,
  };
}
