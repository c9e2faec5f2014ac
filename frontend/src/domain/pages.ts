// The domain rules of the pages past the first screen (crates/domain-wasm's `pages` feature,
// built into pkg-pages): the purchase modal, the plan page, prices and money, lists. Loaded with
// the screens that import this file, not with the first screen (index.ts).
import * as wasm from './pkg-pages/domain_wasm.js';
import type { AddonOffer, ChargeItem } from './index';
import type { AccountInput } from './account';

export type { PhoneAccess } from './pkg-pages/domain_wasm.js';

// The rules wasm answers as they are: re-exported, with the declarations wasm-bindgen writes
// from the Rust code (parameters, results and doc comments).
export {
  billingFrequencyWord,
  canPurchaseOnline,
  cardFieldErrors,
  costsApplyText,
  csvLine,
  formatMoney,
  formatNumber,
  formatPence,
  formatPounds,
  formatPrice,
  phoneAccess,
  inclusiveMinutesText,
  onlineText,
  onlineUpgradeTo,
  pageNote,
  planComparison,
  planPage,
  priceOnApplicationText,
  purchaseBarrier,
  recordingStorageExtends,
  recordingStorageText,
  scopeQuery,
  showsAddButton,
  trackingSnippet,
  unlockedBy,
} from './pkg-pages/domain_wasm.js';

/** What the purchase modal offers for a scope on this account (not view-only unless said). */
export function addonOffer(account: AccountInput, scope: string, viewOnly = false): AddonOffer {
  return wasm.addonOffer(account, scope, viewOnly);
}

/** A charge line's quantity suffix, or null (wasm answers undefined for none). */
export function quantitySuffix(item: ChargeItem): string | null {
  return wasm.quantitySuffix(item) ?? null;
}

/** The toolbar's rows-per-page choices besides 'All' (wasm gives a Uint32Array). */
export function rowsPerPage(): number[] {
  return Array.from(wasm.rowsPerPage());
}

/** Why the outbound add-on cannot go to `chosen` among `candidates` (users without outbound), or null. */
export function outboundUserProblem(chosen: number | null, candidates: number[]): string | null {
  return wasm.outboundUserProblem(chosen ?? undefined, new Uint32Array(candidates)) ?? null;
}
