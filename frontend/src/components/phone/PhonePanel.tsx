import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAccount } from '../../lib/account';
import { Dialog } from '../Dialog';
import { useSnackbar } from '../Snackbar';
import { useDraft } from '../draft/useDraft';
import { closePhone, startCallOut, startTestCall, type CallOutRequest } from './api';
import { CallOutForm } from './CallOutForm';
import { CallView } from './CallView';
import { PHONE_CLOSED, PHONE_FORBIDDEN } from './messages';
import type { PanelRequest } from './phoneRequest';
import { NOW, TestCallForm, type TestCallValues } from './TestCallForm';
import { usePhoneCall } from './usePhoneCall';
import { usePhoneLine } from './usePhoneLine';
import './phone.css';

const KEY = /^[0-9*#]$/;

/**
 * The phone: a floating region (not modal: the page stays usable) that opens this session's phone
 * on the engine, readies a test call or a call out on the server, dials it with JsSIP and shows
 * where the call is now.
 */
export default function PhonePanel({ request, onClose }: { request: PanelRequest; onClose: () => void }) {
  const { account } = useAccount();
  const notify = useSnackbar();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const { opening, problem, line, stop } = usePhoneLine();
  const credentials = opening.status === 'ready' ? opening.credentials : null;
  const phone = usePhoneCall(line, credentials?.sipUri ?? '', audio);
  const [target, setTarget] = useState(request);
  const [testValues, setTestValues] = useState<TestCallValues>(NOW);
  const [outValues, setOutValues] = useState<CallOutRequest>({ number: request.number, callerId: '' });
  const [confirming, setConfirming] = useState(false);
  const draft = useDraft().load;
  const draftOpen = draft?.status === 'ready' && Boolean(draft.data.draft);
  const liveRef = useRef(phone.live);
  liveRef.current = phone.live;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    return () => {
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  // Another Test call or Call button: the panel comes forward; its form follows unless a call is up.
  const { reset } = phone;
  useEffect(() => {
    panel.current?.focus();
    if (liveRef.current) return;
    setTarget(request);
    reset();
    if (request.kind === 'out' && request.number) setOutValues((values) => ({ ...values, number: request.number }));
  }, [request, reset]);

  async function close() {
    setConfirming(false);
    phone.abandon();
    stop();
    onClose();
    if (credentials) await closePhone().catch(() => {});
    notify(PHONE_CLOSED);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const typing = (event.target as HTMLElement).closest?.('input, select, textarea');
    if (!panel.current?.contains(event.target as Node) || typing) return;
    if (!KEY.test(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    phone.sendKey(event.key);
  }

  function body() {
    if (opening.status === 'opening') return <p role="status">Opening the phone…</p>;
    if (opening.status === 'failed') {
      return (
        <p role="alert" className="banner banner-error">
          {opening.message}
        </p>
      );
    }
    const { call } = phone;
    if (call && call.phase !== 'starting') {
      return (
        <CallView
          call={call}
          testCall={target.kind === 'test'}
          progress={phone.progress}
          onKey={phone.sendKey}
          onMute={phone.setMuted}
          onHangUp={phone.hangUp}
          onCallAgain={phone.again}
          onNewCall={phone.reset}
          onClose={() => void close()}
        />
      );
    }
    const { credentials } = opening;
    if (!(target.kind === 'test' ? credentials.testCalls : credentials.callsOut)) {
      return (
        <p role="alert" className="banner banner-error">
          {PHONE_FORBIDDEN}
        </p>
      );
    }
    const busy = call?.phase === 'starting';
    if (target.kind === 'test') {
      const { entryId } = target;
      return (
        <TestCallForm
          number={target.number}
          values={testValues}
          onChange={setTestValues}
          timeZone={account.customerTimeZone}
          draftOpen={draftOpen}
          busy={busy}
          error={phone.startError}
          onCall={(moment) => phone.place(() => startTestCall({ entryId, ...moment }))}
        />
      );
    }
    return (
      <CallOutForm
        values={{ ...outValues, callerId: outValues.callerId || credentials.callerId }}
        onChange={setOutValues}
        callerIds={credentials.callerIds}
        busy={busy}
        error={phone.startError}
        onCall={(fields) => phone.place(() => startCallOut(fields))}
      />
    );
  }

  return (
    <div ref={panel} className="phone-panel" role="region" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
      <div className="phone-panel-header">
        <h2 id={titleId}>Phone</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close the phone"
          title="Close the phone"
          onClick={() => (phone.live ? setConfirming(true) : void close())}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="phone-panel-body">
        {problem && credentials && (
          <p role="alert" className="banner banner-error">
            {problem}
          </p>
        )}
        {body()}
      </div>
      <audio ref={audio} autoPlay hidden />
      <Dialog
        open={confirming}
        title="Hang up and close the phone?"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Keep the call
            </button>
            <button type="button" className="button button-danger" onClick={() => void close()}>
              Hang up and close
            </button>
          </>
        }
      >
        <p>The call ends when the phone closes.</p>
      </Dialog>
    </div>
  );
}
