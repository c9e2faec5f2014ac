import { apiGet } from '../../../lib/api';
import type { Job, WebsiteCheckStarted } from './types';

/** The started job as the check follows it: null where the answer had none (it is asked again). */
export interface StartedJob {
  job: Job | null;
  jobId: number | null;
}

/** Starts a website check, or answers the running (or today's) one; `again`: always a new check. */
export async function startWebsiteCheck(vcamId: number, again: boolean): Promise<StartedJob> {
  const answer = await apiGet<WebsiteCheckStarted | null>(`admin/startJob/${vcamId}${again ? '/1' : ''}`);
  return { job: answer?.job ?? null, jobId: answer?.jobId ?? answer?.job?.jobId ?? null };
}

/** The job as it stands now (null when none came back). */
export async function checkWebsiteJob(jobId: number): Promise<Job | null> {
  const answer = await apiGet<Job | null>(`admin/checkJob/${jobId}`);
  return answer && typeof answer === 'object' && typeof answer.WechStatus === 'number' ? answer : null;
}
