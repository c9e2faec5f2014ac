import { useCallback } from 'react';
import { routingAccess } from '../../domain/routing';
import { useAccount } from '../../lib/account';
import { useLoader, type Load } from '../../lib/useLoader';
import { getDraft, type DraftAnswer } from './api';

/**
 * The account's routing draft, for users who see the routing editors (others: null, nothing
 * asked); reload after anything that changes it.
 */
export function useDraft(): { load: Load<DraftAnswer> | null; reload: () => Promise<void> } {
  const { account } = useAccount();
  const allowed = routingAccess(account).hasAdvanced;
  const [load, reload] = useLoader(allowed ? getDraft : null, [allowed]);
  const again = useCallback(() => reload(), [reload]);
  return { load: allowed ? load : null, reload: again };
}
