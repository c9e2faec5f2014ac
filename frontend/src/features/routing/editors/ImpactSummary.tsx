import { useId } from 'react';
import type { components } from '../../../lib/api-schema.gen';

type Impact = Pick<components['schemas']['Impact'], 'headline' | 'moves'>;

/** How many of last week's calls a change would have sent elsewhere, and the biggest moves. */
export function ImpactSummary({ impact, moves = 3 }: { impact: Impact; moves?: number }) {
  const titleId = useId();
  const shown = impact.moves.slice(0, moves);
  return (
    <section className="impact-summary" aria-labelledby={titleId}>
      <h3 id={titleId}>Impact on last week&apos;s calls</h3>
      <p role="status" aria-live="polite" className="impact-headline">
        {impact.headline}
      </p>
      {shown.length > 0 && (
        <ul aria-label="Biggest moves">
          {shown.map((move, i) => (
            <li key={i}>{move.label}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A queue's impact: its settings decide how calls wait (places, lines, music, messages), never
 * where they go, so no replayed call can move (the domain's snapshot applies a queue as no change).
 */
export function QueueImpactNote() {
  const titleId = useId();
  return (
    <section className="impact-summary" aria-labelledby={titleId}>
      <h3 id={titleId}>Impact on last week&apos;s calls</h3>
      <p className="impact-headline">
        A queue decides how calls wait, not where they go: no call would have gone elsewhere.
      </p>
    </section>
  );
}
