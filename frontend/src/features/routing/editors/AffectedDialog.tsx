import { Dialog } from '../../../components/Dialog';
import { formatUk } from '../../../domain/reports';
import { HEADS_UP } from './messages';

/** The numbers and pools (number sets) a shared record is used by, besides the ones being edited. */
export interface Affected {
  numbers: string[];
  pools: string[];
}

export const NOTHING_AFFECTED: Affected = { numbers: [], pools: [] };

export function isAffected(affected: Affected): boolean {
  return affected.numbers.length + affected.pools.length > 0;
}

/** The 'Heads up!' banner of an editor whose record other numbers/pools use. */
export function HeadsUp({ onShow }: { onShow: () => void }) {
  return (
    <div className="banner banner-warning" role="note">
      <p>
        {HEADS_UP}{' '}
        <button type="button" className="link-button" onClick={onShow}>
          Show which
        </button>
      </p>
    </div>
  );
}

export interface AffectedDialogProps {
  open: boolean;
  affected: Affected;
  onClose: () => void;
  /** When set, the dialog asks before saving: Cancel or this action. */
  onConfirm?: () => void;
  confirmLabel?: string;
}

/** 'Are you sure?': the numbers and pools a change will affect. */
export function AffectedDialog({ open, affected, onClose, onConfirm, confirmLabel = 'Update' }: AffectedDialogProps) {
  return (
    <Dialog
      open={open}
      title="Are you sure?"
      onClose={onClose}
      onSubmit={onConfirm}
      actions={
        onConfirm ? (
          <>
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" data-autofocus>
              {confirmLabel}
            </button>
          </>
        ) : (
          <button type="button" className="button" onClick={onClose} data-autofocus>
            Close
          </button>
        )
      }
    >
      <p>Changing this record will affect these numbers and pools:</p>
      {affected.numbers.length > 0 && (
        <>
          <h3 className="affected-heading">Numbers</h3>
          <ul className="affected-list" aria-label="Affected numbers">
            {affected.numbers.map((number) => (
              <li key={number}>{formatUk(number)}</li>
            ))}
          </ul>
        </>
      )}
      {affected.pools.length > 0 && (
        <>
          <h3 className="affected-heading">Pools</h3>
          <ul className="affected-list" aria-label="Affected pools">
            {affected.pools.map((pool) => (
              <li key={pool}>{pool}</li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
