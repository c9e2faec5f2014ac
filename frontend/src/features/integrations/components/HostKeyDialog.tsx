import { Dialog } from '../../../components/Dialog';
import { DialogActions } from '../../../components/DialogActions';

/** Test connection met an SFTP server whose host key is not the one confirmed: show its
 * fingerprint and let the user confirm it before anything is sent there. */
export function HostKeyDialog({
  hostKey,
  message,
  onConfirm,
  onClose,
}: {
  hostKey: string | null;
  message: string;
  onConfirm: (hostKey: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={hostKey !== null}
      title="Confirm the server's host key"
      onClose={onClose}
      onSubmit={() => hostKey && onConfirm(hostKey)}
      actions={<DialogActions onCancel={onClose} submitLabel="Confirm and test" busyLabel="Testing…" busy={false} />}
    >
      <p>{message}</p>
      <p>
        Host key: <code>{hostKey}</code>
      </p>
      <p>Compare it with the fingerprint your server's administrator gives you (ssh-keygen -lf on the server).</p>
    </Dialog>
  );
}
