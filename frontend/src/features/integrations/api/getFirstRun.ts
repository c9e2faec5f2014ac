import { apiGet } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

export type FirstRun = components['schemas']['FirstRun'];
export type FirstRunStep = components['schemas']['FirstRunStep'];

/** overview/getFirstRun: the three first-run steps, each ticked by what the account holds. */
export function getFirstRun(): Promise<FirstRun> {
  return apiGet<FirstRun>('overview/getFirstRun');
}
