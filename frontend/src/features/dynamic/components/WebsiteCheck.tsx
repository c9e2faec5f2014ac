import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { websiteCheckPending, websiteCheckView, type WebsiteCheckView } from '../../../domain';
import { useAccount } from '../../../lib/account';
import { formatDayAt } from '../../../lib/dates';
import { checkWebsiteJob, startWebsiteCheck } from '../api/websiteCheck';
import type { Job } from '../api/types';

export const CHECK_FAILED = 'Something went wrong. Please try again.';

type Check =
  | { kind: 'idle' }
  | { kind: 'running'; view: WebsiteCheckView }
  | { kind: 'done'; view: WebsiteCheckView; job: Job }
  | { kind: 'failed' };

export interface WebsiteCheckProps {
  vcamId: number;
  /** Names the button for screen readers: a list has one per dynamic URL. */
  description: string;
  canManage: boolean;
  /** Configure / Connect after a check (off on the dynamic URL's own page, where they lead). */
  showActions?: boolean;
}

const viewOf = (job: Job) => websiteCheckView(job.WechStatus, job.WechMhct === 1, job.WechMhctWorking === 1);

/**
 * Beside a failed check: why, in the server's words (the domain's rule), unless the status
 * already says it, and when the tracking code was last found working.
 */
export function CheckOutcome({
  reason,
  lastGoodCheckAt,
  timeZone,
}: {
  reason?: string | null;
  lastGoodCheckAt?: number | null;
  timeZone: string;
}) {
  return (
    <span className="check-outcome">
      {reason && <span className="check-reason">{reason}</span>}
      <span className="field-hint">
        {lastGoodCheckAt != null
          ? `Last found working: ${formatDayAt(lastGoodCheckAt, timeZone)}`
          : 'Not found working before'}
      </span>
    </span>
  );
}

/**
 * 'Check website': starts (or joins) the check job, then asks about it at the intervals the
 * domain gives (5 s while running, 1 s while no job came back) until it is final.
 */
export function WebsiteCheck({ vcamId, description, canManage, showActions = true }: WebsiteCheckProps) {
  const { account } = useAccount();
  const [check, setCheck] = useState<Check>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  function later(view: WebsiteCheckView, next: () => Promise<void>) {
    setCheck({ kind: 'running', view });
    timer.current = setTimeout(() => void next(), view.pollAfterMs ?? 0);
  }

  function follow(job: Job, jobId: number) {
    const view = viewOf(job);
    if (view.pollAfterMs !== null) later(view, () => poll(jobId));
    else setCheck({ kind: 'done', view, job });
  }

  async function start(again: boolean) {
    try {
      const { job, jobId } = await startWebsiteCheck(vcamId, again);
      if (!alive.current) return;
      if (!job || jobId === null) later(websiteCheckPending(), () => start(false));
      else follow(job, jobId);
    } catch {
      if (alive.current) setCheck({ kind: 'failed' });
    }
  }

  async function poll(jobId: number) {
    try {
      const job = await checkWebsiteJob(jobId);
      if (!alive.current) return;
      if (!job) later(websiteCheckPending(), () => poll(jobId));
      else follow(job, jobId);
    } catch {
      if (alive.current) setCheck({ kind: 'failed' });
    }
  }

  const running = check.kind === 'running';
  const again = check.kind === 'done' || check.kind === 'failed';
  const view = check.kind === 'running' || check.kind === 'done' ? check.view : null;
  const failed = check.kind === 'failed' || view?.failed === true;
  const reason = check.kind === 'done' ? check.job.reason : null;
  // A check with no status label (an address that cannot be checked) is named by its reason.
  const label =
    check.kind === 'failed' ? CHECK_FAILED : running ? (view?.label ?? 'Checking…') : (view?.label ?? reason);
  const action = check.kind === 'done' && showActions ? check.view.action : 'none';

  return (
    <div className="website-check">
      <button
        type="button"
        className="button"
        disabled={running || !canManage}
        onClick={() => {
          clearTimeout(timer.current);
          void start(again);
        }}
      >
        {again ? 'Check again' : 'Check website'}
        {' '}<span className="visually-hidden">for {description}</span>
      </button>
      <span role="status" aria-live="polite" className={failed ? 'check-label check-failed' : 'check-label'}>
        {label}
      </span>
      {check.kind === 'done' && reason && (
        <CheckOutcome
          reason={check.view.label ? reason : null}
          lastGoodCheckAt={check.job.lastGoodCheckAt}
          timeZone={account.customerTimeZone}
        />
      )}
      {action === 'configure' && (
        <Link className="button button-primary" to={`/dynamicurls/${vcamId}`}>
          Configure{' '}<span className="visually-hidden">{description}</span>
        </Link>
      )}
      {action === 'connect' && (
        <Link className="button button-primary" to={`/dynamicurls/${vcamId}`}>
          Connect{' '}<span className="visually-hidden">{description}</span>
        </Link>
      )}
    </div>
  );
}
