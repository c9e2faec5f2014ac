import { useId } from 'react';

/** "Where the call is now": each place the call has been, in order, the last one now. */
export function CallSteps({ steps }: { steps: string[] }) {
  const titleId = useId();
  return (
    <section className="phone-steps" aria-labelledby={titleId}>
      <h3 id={titleId}>Where the call is now</h3>
      <ol aria-labelledby={titleId} aria-live="polite">
        {steps.map((step, i) => (
          <li key={i} aria-current={i === steps.length - 1 ? 'step' : undefined}>
            {step}
          </li>
        ))}
      </ol>
    </section>
  );
}
