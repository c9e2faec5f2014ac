// The domain rules of the pages past the first screen (crates/domain-wasm's `pages` feature,
// built into pkg-pages): the purchase modal, the plan page, prices and money, lists. Loaded with
// the screens that import this file, not with the first screen (index.ts).
import * as wasm from './pkg-pages/domain_wasm.js';
import type {
  AddButton,
  AddonOffer,
  ChargeItem,
  NumberFormat,
  PlanComparison,
  PlanPage,
  PlanScopes,
  PurchaseBarrier,
  ScopeQuery,
  Unlocked,
} from './index';
import type { CardFieldError } from './pkg-pages/domain_wasm.js';
import type { AccountInput } from './account';

/** The shared toolbar's add button rule. */
export function showsAddButton(button: AddButton): boolean {
  return wasm.showsAddButton(button);
}

/** What the purchase modal offers for a scope on this account. */
export function addonOffer(account: AccountInput, scope: string, viewOnly = false): AddonOffer {
  return wasm.addonOffer(account, scope, viewOnly);
}

/** Why the purchase modal cannot sell a scope online, or null when it can. */
export function purchaseBarrier(account: AccountInput, scope: string): PurchaseBarrier | null {
  return wasm.purchaseBarrier(account, scope) ?? null;
}

/** Buying online: the purchase right on an account that buys online. */
export function canPurchaseOnline(account: AccountInput): boolean {
  return wasm.canPurchaseOnline(account);
}

/** What the plan and usage page does with ?scope=: open the add-on, go to the upgrade, or nothing. */
export function scopeQuery(account: AccountInput, scope: string): ScopeQuery {
  return wasm.scopeQuery(account, scope);
}

/** The page a purchase of `scope` unlocks, or null (a managed service has none). */
export function unlockedBy(scope: string): Unlocked | null {
  return wasm.unlockedBy(scope) ?? null;
}

/** What a page that is not built yet says under its heading (the add-on is active, what next). */
export function pageNote(path: string, account: AccountInput): string | undefined {
  return wasm.pageNote(path, account);
}

/** What the plan and usage page shows (call tracking or not) and where its links go. */
export function planPage(account: AccountInput): PlanPage {
  return wasm.planPage(account);
}

/** What each plan includes, by category: ticks, 'Costs apply' or nothing, from stored scopes. */
export function planComparison(plans: PlanScopes[]): PlanComparison {
  return wasm.planComparison(plans);
}

/** 'You have X minutes left of your Y inclusive minutes', or undefined without inclusive minutes. */
export function inclusiveMinutesText(left: number, total: number): string | undefined {
  return wasm.inclusiveMinutesText(left, total);
}

/** The call recording storage line of 'Add-ons included'. */
export function recordingStorageText(days: number, freeDays: number): string {
  return wasm.recordingStorageText(days, freeDays);
}

/** The script tag to put on the website of a dynamic URL. */
export function trackingSnippet(origin: string, reference: string): string {
  return wasm.trackingSnippet(origin, reference);
}

export function formatPrice(pounds: number): string {
  return wasm.formatPrice(pounds);
}

export function formatPence(pence: number): string {
  return wasm.formatPence(pence);
}

/** The services page's online text for a service's online status. */
export function onlineText(status: number): string {
  return wasm.onlineText(status);
}

export function formatMoney(pounds: number): string {
  return wasm.formatMoney(pounds);
}

/** An amount of money as invoices and rewards show it: £1,234.50, and -£12.30 below zero. */
/** The card form's fields the payment provider may send back as refused (`nameError=1`), with their texts. */
export function cardFieldErrors(): CardFieldError[] {
  return wasm.cardFieldErrors();
}

export function formatPounds(pounds: number): string {
  return wasm.formatPounds(pounds);
}

export function quantitySuffix(item: ChargeItem): string | null {
  return wasm.quantitySuffix(item) ?? null;
}

export function billingFrequencyWord(months: string, frequencyId?: number | null): string {
  return wasm.billingFrequencyWord(months, frequencyId ?? null);
}

export function formatNumber(number: string, format: NumberFormat): string {
  return wasm.formatNumber(number, format);
}

/** One CSV line, CRLF included: strings are typed text (formulas defused), others values. */
export function csvLine(cells: (string | number | boolean | null)[]): string {
  return wasm.csvLine(cells);
}

/** The toolbar's rows-per-page choices besides 'All'. */
export function rowsPerPage(): number[] {
  return Array.from(wasm.rowsPerPage());
}

/** Why the outbound add-on cannot go to `chosen` among `candidates` (users without outbound), or null. */
export function outboundUserProblem(chosen: number | null, candidates: number[]): string | null {
  return wasm.outboundUserProblem(chosen ?? undefined, new Uint32Array(candidates)) ?? null;
}

/** The plan comparison's words for a feature sold as an add-on. */
export function costsApplyText(): string {
  return wasm.costsApplyText();
}

/** Whether the upgrade centre sells the `target` plan online to an account on `current`. */
/** What a plan or add-on without a list price (Enterprise) shows instead of one. */
export function priceOnApplicationText(): string {
  return wasm.priceOnApplicationText();
}

export function onlineUpgradeTo(current: string, target: string): boolean {
  return wasm.onlineUpgradeTo(current, target);
}

/** Whether the call recording storage can be extended beyond `days`. */
export function recordingStorageExtends(days: number): boolean {
  return wasm.recordingStorageExtends(days);
}
