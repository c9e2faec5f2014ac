import { Link } from 'react-router';
import type { MenuNode } from '../../domain';
import { Dialog } from '../../components/Dialog';

/** What a click on an item with an Upgrade or Add-on chip opens. */
export function ScopeOfferDialog({ item, onClose }: { item: MenuNode | null; onClose: () => void }) {
  const chip = item?.chip ?? 'Upgrade';
  return (
    <Dialog
      open={item !== null}
      title={chip}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <p>
        <strong>{item?.label}</strong> is not in your package.{' '}
        {chip === 'Add-on' ? 'It is available as an add-on.' : 'It is available when you upgrade your plan.'}
      </p>
      <p>
        <Link to="/upgradepackage" onClick={onClose} data-autofocus>
          See upgrade options
        </Link>
      </p>
    </Dialog>
  );
}
