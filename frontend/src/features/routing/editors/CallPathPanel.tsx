import { useId, useMemo, useState } from 'react';
import { whereDoesACallGo, type TimeRow } from '../../../domain';
import { dayName, epochOfWallClock, knownZone, wallClockOf } from './servicePlanForm';

export interface CallPathPanelProps {
  rows: TimeRow[];
  /** The account's IANA time zone (account.customerTimeZone). */
  timeZone: string;
  routingName: (id: number) => string | undefined;
  ivrName: (id: number) => string | undefined;
  /** The moment first shown; now by default. */
  initialEpochMillis?: number;
}

function quoted(name: string | undefined, id: number): string {
  return `'${name ?? `#${id}`}'`;
}

/** 'Where does a call go?': the row, and its destination plan or IVR, that a moment falls into. */
export function CallPathPanel({ rows, timeZone, routingName, ivrName, initialEpochMillis }: CallPathPanelProps) {
  const headingId = useId();
  const inputId = useId();
  const zone = knownZone(timeZone);
  const [value, setValue] = useState(() => wallClockOf(initialEpochMillis ?? Date.now(), zone));

  const answer = useMemo(() => {
    const epoch = epochOfWallClock(value, zone);
    if (epoch === null) return null;
    let found;
    try {
      found = whereDoesACallGo(rows, zone, epoch);
    } catch {
      return `The time zone ${zone} is not known.`;
    }
    const when = `${dayName(found.day)} ${found.time} ${found.zone}`;
    if (found.row === null) return `${when}: No row covers this time`;
    let target: string;
    if (found.planType === 'ivr') {
      target = found.ivr ? `IVR ${quoted(ivrName(found.ivr), found.ivr)}` : 'no IVR chosen yet';
    } else {
      target = found.routing
        ? `destination plan ${quoted(routingName(found.routing), found.routing)}`
        : 'no destination plan chosen yet';
    }
    return `${when}: row ${found.row + 1}, ${target}`;
  }, [value, zone, rows, routingName, ivrName]);

  return (
    <section className="call-path" aria-labelledby={headingId}>
      <h3 id={headingId}>Where does a call go?</h3>
      <div className="field">
        <label htmlFor={inputId}>Date and time</label>
        <input
          id={inputId}
          type="datetime-local"
          value={value}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => setValue(event.target.value)}
        />
        <p id={`${inputId}-hint`} className="field-hint">
          In the account's time zone ({zone}).
        </p>
      </div>
      <output className="call-path-answer" aria-live="polite" aria-label="Where the call goes">
        {answer ?? 'Enter a date and time.'}
      </output>
    </section>
  );
}
