import { useId } from 'react';
import { Icon } from '../../components/Icon';
import { usePopover } from './hooks';

/**
 * Live chat, shown only where the installation offers it (LIVE_CHAT_URL): the provider's page
 * opens in a tab of its own; the contact page is beside it.
 */
export function ChatPanel({ url }: { url: string }) {
  const { open, setOpen, container } = usePopover();
  const panelId = useId();
  return (
    <div className="popover-anchor" ref={container}>
      <button
        type="button"
        className="icon-button"
        aria-label="Chat"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <Icon name="chat" />
      </button>
      {open && (
        <div id={panelId} className="popover chat-panel" role="region" aria-label="Chat">
          <p className="popover-heading">Need help?</p>
          <a href={url} className="button button-primary" target="_blank" rel="noopener noreferrer">
            Open live chat
          </a>
          <a href="/contactus" className="button">
            Contact us
          </a>
        </div>
      )}
    </div>
  );
}
