import { apiGet } from '../../lib/api';

/** Toggles the new-reports mode for this user, then reloads the page to show the other version. */
export async function swapReportVersion(reload: () => void = () => window.location.reload()): Promise<void> {
  await apiGet<{ value: boolean }>('users/swapReportVersionFromAdminArea');
  reload();
}
