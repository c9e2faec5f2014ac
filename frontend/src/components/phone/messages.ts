// The phone panel's words: what it says when the phone or a call cannot go on.
import { ApiError, fieldErrorsOf, refusalErrors } from '../../lib/api';

export const PHONE_OFF = 'Real calls are not switched on for this server.';
export const PHONE_FORBIDDEN = 'Your user cannot make calls from the browser on this account.';
export const PHONE_FAILED = 'The phone could not be opened. Try again later.';
export const CALL_FAILED = 'The call could not be started. Try again later.';
export const NOT_THIS_ACCOUNTS = 'This number is not one of this account’s.';
export const MICROPHONE_REFUSED = 'Allow the microphone to make a call from the browser.';
export const ENGINE_UNREACHABLE = 'The phone cannot reach the telephone system just now: try again in a minute.';
export const LINE_DOWN = 'The phone is not connected to the telephone system: it is trying again.';
export const PHONE_CLOSED = 'Phone closed.';

/** A refused registration, in words. */
export function registrationWords(cause: string): string {
  return `The telephone system did not accept this phone (${cause || 'no reason given'}): close the phone and open it again.`;
}

/** JsSIP's causes (its Constants.causes), in the panel's words. */
const CAUSES: Record<string, string> = {
  'User Denied Media Access': MICROPHONE_REFUSED,
  'Connection Error': 'The call failed: the phone lost its connection to the telephone system.',
  'Request Timeout': 'The call failed: the telephone system did not answer in time.',
  'Authentication Error': 'The call failed: the telephone system did not accept this phone. Close the phone and open it again.',
  Busy: 'The line was busy.',
  Rejected: 'The call was refused.',
  Redirected: 'The call was sent elsewhere and could not follow.',
  Unavailable: 'The number cannot take calls just now.',
  'Not Found': 'The call failed: the telephone system did not know where to send it. Start the call again.',
  'Address Incomplete': 'The number to call is incomplete.',
  'Incompatible SDP': 'The call failed: the browser and the telephone system could not agree on the sound.',
  'Missing SDP': 'The call failed: the browser and the telephone system could not agree on the sound.',
  'Bad Media Description': 'The call failed: the browser and the telephone system could not agree on the sound.',
  'WebRTC Error': 'The call failed: the browser could not set up the sound.',
  'No Answer': 'Nobody answered.',
  Expires: 'Nobody answered.',
  'RTP Timeout': 'The call ended: no sound came through for a while.',
  'No ACK': 'The call failed: the browser did not confirm the answer.',
  'Dialog Error': 'The call failed: the telephone system lost track of it.',
  'Internal Error': 'The call failed: the phone hit an error of its own.',
};

/** Why a call ended, in words; null for an ordinary end (either side hung up). */
export function endWords(cause: string, originator: string): string | null {
  if (cause === 'Terminated' || (cause === 'Canceled' && originator === 'local')) return null;
  return CAUSES[cause] ?? `The call failed (${cause || 'no reason given'}).`;
}

/** A failed phone/open, in words. */
export function openFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return PHONE_OFF;
  if (error instanceof ApiError && error.status === 403) return PHONE_FORBIDDEN;
  return fieldErrorsOf(error)?.phone ?? PHONE_FAILED;
}

/** The message of a refusal the server gives as `{ message }` (429: too many calls), if any. */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const body = error.body as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : null;
}

/** A failed phone/testCall or phone/callOut, in words (the field messages joined). */
export function startFailure(error: unknown): string {
  const fields = refusalErrors(error);
  if (fields && Object.keys(fields).length > 0) return Object.values(fields).join(' ');
  if (error instanceof ApiError && error.status === 404) return NOT_THIS_ACCOUNTS;
  if (error instanceof ApiError && error.status === 403) return PHONE_FORBIDDEN;
  return refusalMessage(error) ?? CALL_FAILED;
}
