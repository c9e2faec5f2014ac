import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { useLoader } from '../../../lib/useLoader';
import { useStoredState } from '../../../lib/useStoredState';
import { getFirstRun, type FirstRunStep } from '../api/getFirstRun';

const isTrue = (stored: string) => stored === 'true';

function Step({ step, index }: { step: FirstRunStep; index: number }) {
  return (
    <li className={`first-run-step${step.done ? ' first-run-step-done' : ''}`}>
      <span className="first-run-mark" aria-hidden="true">
        {step.done ? '✓' : index + 1}
      </span>
      <div>
        <h3>
          {step.title}
          <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
        </h3>
        <p>{step.detail}</p>
        {!step.done && (
          <Link className="button" to={step.link}>
            {step.linkLabel}
          </Link>
        )}
      </div>
    </li>
  );
}

/**
 * The home page's first-run checklist for a new account: a first number, its opening hours and
 * the tracking code, each ticked by the server from what the account holds. Shown while a step is
 * left, then once as done; 'Hide checklist' puts it away in this browser.
 */
export function FirstRunChecklist({ customerId }: { customerId: number }) {
  const headingId = useId();
  const [load] = useLoader(getFirstRun, [customerId]);
  const [hidden, setHidden] = useStoredState(`firstRun.hidden.${customerId}`, false, isTrue);
  const [seen, setSeen] = useStoredState(`firstRun.seen.${customerId}`, false, isTrue);
  const steps = load.status === 'ready' ? load.data.steps : [];
  const left = steps.filter((step) => !step.done).length;
  useEffect(() => {
    if (left > 0 && !seen) setSeen(true);
  }, [left, seen, setSeen]);

  // A helper, not the page: while it loads or if it fails, the home page shows without it.
  if (hidden || load.status !== 'ready' || steps.length === 0) return null;
  // An account set up before it ever saw the checklist has no use for it.
  if (left === 0 && !seen) return null;
  const doneCount = steps.length - left;
  return (
    <section className="card first-run" aria-labelledby={headingId}>
      <h2 id={headingId}>{left > 0 ? 'Get started' : 'Your account is set up'}</h2>
      <p className="first-run-progress">
        {left > 0 ? `${doneCount} of ${steps.length} steps done.` : 'All three steps are done: your calls are tracked.'}
      </p>
      <ol className="first-run-steps">
        {steps.map((step, index) => (
          <Step key={step.key} step={step} index={index} />
        ))}
      </ol>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => setHidden(true)}>
          Hide checklist
        </button>
      </div>
    </section>
  );
}
