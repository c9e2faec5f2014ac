import { useId, useMemo } from 'react';
import { type PlanException } from '../../../domain';
import { now } from '../../../lib/clock';
import { formatDay } from '../../../lib/dates';
import { exceptionTarget, knownZone, wallClockOf, wholeDay } from './servicePlanForm';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Under the week: the dated exceptions not over yet (today in the account's zone), in date order
 * and in words: "24/12/2026 to 26/12/2026: Christmas closure → Closed message", "24/12/2026
 * 13:00-24:00: Christmas Eve → Closed message".
 */
export function UpcomingExceptions({
  exceptions,
  timeZone,
  routingName,
  ivrName,
}: {
  exceptions: PlanException[];
  timeZone: string;
  routingName: (id: number) => string | undefined;
  ivrName: (id: number) => string | undefined;
}) {
  const headingId = useId();
  const today = useMemo(() => wallClockOf(now(), knownZone(timeZone)).slice(0, 10), [timeZone]);
  const upcoming = useMemo(
    () =>
      exceptions
        .map((e, i) => ({ ...e, key: i }))
        .filter((e) => DAY.test(e.from) && DAY.test(e.to) && e.from <= e.to && e.to >= today)
        .sort((a, b) => a.from.localeCompare(b.from)),
    [exceptions, today],
  );
  if (upcoming.length === 0) return null;

  const words = (e: PlanException) => {
    const days = e.from === e.to ? formatDay(e.from) : `${formatDay(e.from)} to ${formatDay(e.to)}`;
    const hours = wholeDay(e) ? '' : ` ${e.fromTime.trim()}-${e.toTime.trim()}`;
    const id = exceptionTarget(e);
    const name = e.planType === 'ivr' ? ivrName(id) : routingName(id);
    const target = id <= 0 ? 'nowhere chosen yet' : (name ?? `#${id}`);
    return `${days}${hours}: ${e.description.trim() || 'no description'} → ${target}`;
  };

  return (
    <section className="upcoming-exceptions" aria-labelledby={headingId}>
      <h3 id={headingId}>Upcoming dated exceptions</h3>
      <ul aria-labelledby={headingId}>
        {upcoming.map((e) => (
          <li key={e.key}>{words(e)}</li>
        ))}
      </ul>
    </section>
  );
}
