import { Link } from 'react-router';
import type { ActionView } from '../../api/conversions';

/** A platform that is not connected: its calls wait, and this says where to connect it. */
export function NotConnectedWarning({ action }: { action: ActionView }) {
  if (!action.notConnected) return null;
  return (
    <p className="field-error conversion-warning">
      {action.notConnected.message}: its calls wait until it is.{' '}
      <Link to={action.notConnected.connectPath}>Connect {action.platformLabel}</Link>
    </p>
  );
}
