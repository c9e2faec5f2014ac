import { useEffect, useRef, type RefObject } from 'react';
import { refusalErrors } from '../../lib/api';
import { focusFirstInvalid, type useFieldMessages } from '../../lib/useFieldMessages';
import { startFailure } from './messages';

/**
 * A refused start (phone/testCall, phone/callOut) on the form that asked: the fields' messages on
 * their fields, and what no field shows (the phone's, a 429's, any other failure) as one alert.
 */
export function useStartErrors(
  error: unknown,
  messages: ReturnType<typeof useFieldMessages>,
  form: RefObject<HTMLFormElement | null>,
): string | null {
  const { setServerErrors, unplaced } = messages;
  const fields = error ? refusalErrors(error) : null;
  const shown = useRef<unknown>(null);

  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    const answer = refusalErrors(error);
    if (answer && Object.keys(answer).length > 0) {
      setServerErrors(answer);
      focusFirstInvalid(form.current);
    }
  }, [error, setServerErrors, form]);

  if (!error) return null;
  if (fields && Object.keys(fields).length > 0) return unplaced.length > 0 ? unplaced.join(' ') : null;
  return startFailure(error);
}
