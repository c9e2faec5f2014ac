import { usePhone } from './usePhone';

/** Opens the phone to test a number or pool: shown only to a user who may make test calls. */
export function TestCallButton({ entryId, number }: { entryId: number; number: string }) {
  const phone = usePhone();
  if (!phone.access.testCalls) return null;
  const name = `Test call to ${number}`;
  return (
    <button type="button" className="button" aria-label={name} title={name} onClick={() => phone.testCall({ entryId, number })}>
      Test
    </button>
  );
}

/** Opens the phone to call `number` out: shown only to an agent who may call out. */
export function CallOutButton({ number }: { number: string }) {
  const phone = usePhone();
  if (!phone.access.callsOut) return null;
  const name = `Call ${number} from the browser`;
  return (
    <button type="button" className="button" aria-label={name} title={name} onClick={() => phone.callOut(number)}>
      Call
    </button>
  );
}

/** Beside an editor's Test call buttons: a test call hears the routing as saved, not as edited. */
export function TestCallsNote() {
  const phone = usePhone();
  if (!phone.access.testCalls) return null;
  return <p className="field-hint">A test call hears the routing as saved: connect your changes first to hear them.</p>;
}
