import { createContext, useContext } from 'react';
import type { PhoneAccess } from '../../domain/pages';

export interface PhoneContextValue {
  /** What the user may do with the phone: nothing until the domain's rules have loaded. */
  access: PhoneAccess;
  /** Opens the phone to test one of the account's numbers or pools (its routing entry id). */
  testCall: (call: { entryId: number; number: string }) => void;
  /** Opens the phone to call a number out (typed in the panel when not given). */
  callOut: (number?: string) => void;
}

export const NO_ACCESS: PhoneAccess = { testCalls: false, callsOut: false };

// Outside a provider (a page's own tests) the phone is simply not offered.
export const PhoneContext = createContext<PhoneContextValue>({ access: NO_ACCESS, testCall: () => {}, callOut: () => {} });

/** The phone the app's PhoneProvider holds. */
export function usePhone(): PhoneContextValue {
  return useContext(PhoneContext);
}
