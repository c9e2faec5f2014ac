import { useEffect, useRef, useState } from 'react';
import { closePhoneOnLeave, openPhone, type PhoneCredentials } from './api';
import { LINE_DOWN, openFailure, registrationWords } from './messages';
import { openLine, type SipLine } from './sipLine';

export type Opening =
  | { status: 'opening' }
  | { status: 'ready'; credentials: PhoneCredentials }
  | { status: 'failed'; message: string };

/**
 * This session's phone: opened on the server (phone/open), its line to the engine started with
 * the credentials; the line stops when the panel goes, and the server is told when the page goes.
 */
export function usePhoneLine() {
  const line = useRef<SipLine | null>(null);
  const [opening, setOpening] = useState<Opening>({ status: 'opening' });
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    openPhone().then(
      (credentials) => {
        if (!current) return;
        setOpening({ status: 'ready', credentials });
        line.current = openLine(credentials, {
          onConnected: () => setProblem(null),
          onDisconnected: () => setProblem(LINE_DOWN),
          onRegistrationFailed: (cause) => setProblem(registrationWords(cause)),
        });
      },
      (error) => current && setOpening({ status: 'failed', message: openFailure(error) }),
    );
    return () => {
      current = false;
      line.current?.stop();
      line.current = null;
    };
  }, []);

  const opened = opening.status === 'ready';
  useEffect(() => {
    if (!opened) return;
    window.addEventListener('pagehide', closePhoneOnLeave);
    return () => window.removeEventListener('pagehide', closePhoneOnLeave);
  }, [opened]);

  function stop() {
    line.current?.stop();
    line.current = null;
  }

  return { opening, problem, line, stop };
}
