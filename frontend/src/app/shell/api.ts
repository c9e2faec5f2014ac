import { apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];

/** users/swapReportVersionFromAdminArea: the new-reports mode, as now set. */
export type ReportVersion = Schemas['ReportVersion'];

export type Done = Schemas['Done'];

/** Toggles the new-reports mode for this user, then reloads the page to show the other version. */
export async function swapReportVersion(reload: () => void = () => window.location.reload()): Promise<void> {
  await apiGet<ReportVersion>('users/swapReportVersionFromAdminArea');
  reload();
}

/** Tells the server this user has read the splash screen; failures are ignored (fire and forget). */
export function acknowledgeSplashScreen(id: number): void {
  apiPost<Done>('handleajax/acknowledgesplashscreen/', { id }).catch(() => {});
}
