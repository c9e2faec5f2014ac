import { Link } from 'react-router';
import type { Column } from '../../components/DataTable';
import type { NumberRow } from './api';

/** A static number's page: under its campaign on the campaign page, else under /numbers. */
export function numberPath(row: NumberRow, underCampaign: boolean): string {
  if (row.kind === 'pool') return `/dynamicurls/${row.dynamicUrlId}/${row.poolId}`;
  return underCampaign ? `/campaigns/${row.campaignId}/number/${row.id}` : `/numbers/${row.id}`;
}

/** Where a number's calls go, linking to the routing screens. */
export function RoutingCell({ row }: { row: NumberRow }) {
  if (row.routing.mode === 'none' || !row.routing.label) return <>Not connected</>;
  const prefix = row.routing.mode === 'plan' ? 'Service plan' : 'Number';
  return (
    <Link to="/routing">
      {prefix}: {row.routing.label}
    </Link>
  );
}

export const recordingLabel = (row: NumberRow) => (row.callRecording ? 'On' : 'Off');

export function StatusCell({ row }: { row: NumberRow }) {
  return row.status === 'live' ? <>{row.statusLabel}</> : <span className="status-pending">{row.statusLabel}</span>;
}

const text = (value: string) => value || '—';

/** The columns of a campaign's numbers; `fresh` are the numbers just bought (a 'New' badge). */
export function campaignColumns(fresh: (row: NumberRow) => boolean): Column<NumberRow>[] {
  return [
    {
      id: 'number',
      header: 'Number',
      cell: (row) => (
        <span className="number-cell">
          <Link to={numberPath(row, true)}>{row.number}</Link>
          {fresh(row) && <span className="number-new-badge">New</span>}
        </span>
      ),
      sortValue: (row) => row.number,
    },
    {
      id: 'mediaDescription',
      header: 'Media description',
      cell: (row) => text(row.mediaDescription),
      sortValue: (row) => row.mediaDescription,
    },
    { id: 'channel', header: 'Channel', cell: (row) => text(row.channel), sortValue: (row) => row.channel },
    {
      id: 'mediaOwner',
      header: 'Media owner',
      cell: (row) => text(row.mediaOwner),
      sortValue: (row) => row.mediaOwner,
    },
    {
      id: 'department',
      header: 'Department',
      cell: (row) => text(row.department),
      sortValue: (row) => row.department,
    },
    { id: 'routing', header: 'Where calls go', cell: (row) => <RoutingCell row={row} /> },
    { id: 'recording', header: 'Recording', cell: recordingLabel },
    { id: 'calls', header: 'Calls (30 days)', cell: (row) => row.calls30Days, sortValue: (row) => row.calls30Days },
    { id: 'bought', header: 'Bought', cell: (row) => row.bought, sortValue: (row) => row.createdAt },
    { id: 'status', header: 'Status', cell: (row) => <StatusCell row={row} /> },
  ];
}

/** The columns of every tracked number (/numbers). */
export function allNumbersColumns(): Column<NumberRow>[] {
  return [
    {
      id: 'number',
      header: 'Number',
      cell: (row) => (
        <Link className="number-cell" to={numberPath(row, false)}>
          {row.number}
        </Link>
      ),
      sortValue: (row) => row.number,
    },
    { id: 'kind', header: 'Kind', cell: (row) => (row.kind === 'pool' ? 'Pool number' : 'Static') },
    {
      id: 'campaign',
      header: 'Campaign or pool',
      cell: (row) => (row.kind === 'pool' ? `Pool: ${text(row.poolName)}` : text(row.campaign)),
      sortValue: (row) => row.campaign,
    },
    {
      id: 'mediaDescription',
      header: 'Media description',
      cell: (row) => text(row.mediaDescription),
      sortValue: (row) => row.mediaDescription,
    },
    { id: 'channel', header: 'Channel', cell: (row) => text(row.channel), sortValue: (row) => row.channel },
    {
      id: 'mediaOwner',
      header: 'Media owner',
      cell: (row) => text(row.mediaOwner),
      sortValue: (row) => row.mediaOwner,
    },
    { id: 'routing', header: 'Where calls go', cell: (row) => <RoutingCell row={row} /> },
    { id: 'calls', header: 'Calls (30 days)', cell: (row) => row.calls30Days, sortValue: (row) => row.calls30Days },
    { id: 'bought', header: 'Bought', cell: (row) => row.bought, sortValue: (row) => row.createdAt },
    { id: 'status', header: 'Status', cell: (row) => <StatusCell row={row} /> },
  ];
}
