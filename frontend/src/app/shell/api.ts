import { apiGet, apiPost } from '../../lib/api';

/** Toggles the new-reports mode for this user, then reloads the page to show the other version. */
export async function swapReportVersion(reload: () => void = () => window.location.reload()): Promise<void> {
  await apiGet<{ value: boolean }>('users/swapReportVersionFromAdminArea');
  reload();
}

/** Tells the server this user has read the splash screen; failures are ignored (fire and forget). */
export function acknowledgeSplashScreen(id: number): void {
  apiPost('handleajax/acknowledgesplashscreen/', { id }).catch(() => {});
}
