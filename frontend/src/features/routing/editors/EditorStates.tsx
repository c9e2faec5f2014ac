import { Dialog } from '../../../components/Dialog';
import { ROUTING_FAILED } from './messages';

/** An editor dialog while its record loads, or when the load failed. */
export function EditorLoadState({
  title,
  failed,
  onClose,
}: {
  title: string;
  failed: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {failed ? (
        <p role="alert" className="banner banner-error">
          {ROUTING_FAILED}
        </p>
      ) : (
        <div className="section-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>Loading…</span>
        </div>
      )}
    </Dialog>
  );
}

/** The messages of a form that have no field on screen, and any failure. */
export function EditorBanner({ messages }: { messages: (string | null | undefined)[] }) {
  const shown = messages.filter((message): message is string => Boolean(message));
  if (shown.length === 0) return null;
  return (
    <div role="alert" className="banner banner-error">
      {shown.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
