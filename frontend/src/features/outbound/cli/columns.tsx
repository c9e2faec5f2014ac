import type { Column } from '../../../components/DataTable';
import { formatDateTime } from '../../../lib/dates';
import { formatUk } from '../../../domain/reports';
import type { CallerIdsPage as Data, OutsideCallerId } from './api';

interface OutsideActions {
  onCode: (row: OutsideCallerId) => void;
  onResend: (row: OutsideCallerId) => void;
  onRemove: (row: OutsideCallerId) => void;
}

const STATUS: Record<OutsideCallerId['status'], string> = {
  verified: 'Verified',
  pending: 'Waiting for the code',
  expired: 'Code expired',
};

export function outsideColumns(
  zone: string,
  { onCode, onResend, onRemove }: OutsideActions,
): Column<OutsideCallerId>[] {
  return [
    { id: 'number', header: 'Number', cell: (row) => formatUk(row.number) },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <>
          {STATUS[row.status]}
          {row.status === 'verified' && row.verifiedAt != null && ` on ${formatDateTime(row.verifiedAt, zone)}`}
          {row.status === 'pending' && row.codeExpiresAt != null && ` (until ${formatDateTime(row.codeExpiresAt, zone)})`}
        </>
      ),
    },
    {
      id: 'added',
      header: 'Added',
      cell: (row) => (
        <>
          {formatDateTime(row.addedAt, zone)} by {row.addedBy}
        </>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      cell: (row) => (
        <span className="row-actions">
          {row.status !== 'verified' && (
            <>
              <button
                type="button"
                className="button"
                aria-label={`Enter the code for ${formatUk(row.number)}`}
                onClick={() => onCode(row)}
              >
                Enter code
              </button>{' '}
              <button
                type="button"
                className="button"
                aria-label={`Send a new code to ${formatUk(row.number)}`}
                onClick={() => onResend(row)}
              >
                Send a new code
              </button>{' '}
            </>
          )}
          <button
            type="button"
            className="button button-danger"
            aria-label={`Remove ${formatUk(row.number)}`}
            onClick={() => onRemove(row)}
          >
            Remove
          </button>
        </span>
      ),
    },
  ];
}

export const TRACKED_COLUMNS: Column<Data['tracked'][number]>[] = [
  { id: 'number', header: 'Number', cell: (t) => formatUk(t.number) },
  { id: 'kind', header: 'Kind', cell: (t) => (t.kind === 'pool' ? `Pool '${t.poolName}'` : 'Static number') },
];
