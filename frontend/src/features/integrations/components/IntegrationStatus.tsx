import { formatDayAt } from '../../../lib/dates';
import type { Connection } from '../api/types';

/** "Connected to {account} since {date}", or "Not connected". */
export function integrationStatus(configured: boolean, connection: Connection | null, timeZone: string): string {
  if (!connection) return configured ? 'Connected' : 'Not connected';
  const since = formatDayAt(connection.connectedAt, timeZone);
  return connection.account ? `Connected to ${connection.account} since ${since}` : `Set up since ${since}`;
}
