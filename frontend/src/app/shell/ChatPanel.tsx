import { useId } from 'react';
import { Icon } from '../../components/Icon';
import { usePopover } from './hooks';

/** The live-chat provider cannot load here, so the chat icon points to the contact page. */
export function ChatPanel() {
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
          <p>Live chat is not available at the moment.</p>
          <a href="/contactus" className="button button-primary">
            Contact us
          </a>
        </div>
      )}
    </div>
  );
}
