import { useId, useMemo, useState } from 'react';
import { followCall } from '../../../domain/ivr';
import { whereDoesACallGoOn } from '../../../domain/routing';
import { type CallAnswer, type PlanException, type TimeRow } from '../../../domain';
import { now } from '../../../lib/clock';
import { useLoader } from '../../../lib/useLoader';
import { getIvrLibrary } from '../api/ivrs';
import { CallPathSteps, parsePresses } from './CallSimulator';
import { ROUTING_FAILED } from './messages';
import { dayName, epochOfWallClock, knownZone, wallClockOf } from './servicePlanForm';

export interface CallPathPanelProps {
  rows: TimeRow[];
  /** The plan's dated exceptions, which answer their days instead of the rows. */
  exceptions?: PlanException[];
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

/**
 * 'Where does a call go?': the row, and its destination plan or IVR, that a moment falls into;
 * for an IVR, the keys pressed then lead on through the menus to the call's end.
 */
const NO_EXCEPTIONS: PlanException[] = [];

export function CallPathPanel({
  rows,
  exceptions = NO_EXCEPTIONS,
  timeZone,
  routingName,
  ivrName,
  initialEpochMillis,
}: CallPathPanelProps) {
  const headingId = useId();
  const inputId = useId();
  const keysId = useId();
  const zone = knownZone(timeZone);
  const [value, setValue] = useState(() => wallClockOf(initialEpochMillis ?? now(), zone));
  const [keys, setKeys] = useState('');

  const epoch = epochOfWallClock(value, zone);
  const found = useMemo((): CallAnswer | 'unknownZone' | null => {
    if (epoch === null) return null;
    try {
      return whereDoesACallGoOn(rows, exceptions, zone, epoch);
    } catch {
      return 'unknownZone';
    }
  }, [epoch, zone, rows, exceptions]);

  const answered = found !== null && found !== 'unknownZone' && (found.row !== null || found.exception !== null);
  const ivr = answered && found.planType === 'ivr' ? found.ivr : 0;
  const [library] = useLoader(ivr > 0 ? getIvrLibrary : null, [ivr]);

  const answer = useMemo(() => {
    if (found === null) return null;
    if (found === 'unknownZone') return `The time zone ${zone} is not known.`;
    const when = `${dayName(found.day)} ${found.time} ${found.zone}`;
    if (found.exception) {
      const target =
        found.planType === 'ivr'
          ? `IVR ${quoted(ivrName(found.ivr), found.ivr)}`
          : `destination plan ${quoted(routingName(found.routing), found.routing)}`;
      return `${when}: the dated exception '${found.exception}' answers, ${target}`;
    }
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
  }, [found, zone, routingName, ivrName]);

  const path = useMemo(() => {
    if (ivr === 0 || epoch === null || library.status !== 'ready') return null;
    try {
      return followCall(rows, exceptions, zone, epoch, library.data, parsePresses(keys));
    } catch {
      return null;
    }
  }, [ivr, epoch, library, rows, exceptions, zone, keys]);

  return (
    <section className="call-path" aria-labelledby={headingId}>
      <h3 id={headingId}>Where does a call go?</h3>
      <div className="form-columns">
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
        {ivr > 0 && (
          <div className="field">
            <label htmlFor={keysId}>Keys to press</label>
            <input
              id={keysId}
              value={keys}
              placeholder="2 1"
              aria-describedby={`${keysId}-hint`}
              onChange={(event) => setKeys(event.target.value)}
            />
            <p id={`${keysId}-hint`} className="field-hint">
              One key per menu, in order. A menu with no key left takes its default key.
            </p>
          </div>
        )}
      </div>
      <output className="call-path-answer" aria-live="polite" aria-label="Where the call goes">
        {answer ?? 'Enter a date and time.'}
      </output>
      {ivr > 0 && library.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {ROUTING_FAILED}
        </p>
      )}
      {path && <CallPathSteps path={path} label="Call path" />}
    </section>
  );
}
