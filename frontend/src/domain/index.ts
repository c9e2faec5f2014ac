// The wasm build of crates/domain, as the browser calls it. Everything the browser decides about
// menus, guards, titles, formats and form rules comes through src/domain. This file is the shell
// module (pkg-shell: what every screen needs); the form rules are in forms.ts, routing.ts and
// ivr.ts (pkg), which only the screens with forms import, so the first screen does not load them.
import * as wasm from './pkg-shell/domain_wasm.js';
import type {
  AddButton,
  AddonOffer,
  ChargeItem,
  Chip,
  FieldErrors,
  GuardStep,
  IntegrationButton,
  IntegrationCard,
  IntegrationOverview,
  Menu,
  MenuNode,
  NumberFormat,
  PageLink,
  PlanComparison,
  PlanPage,
  PlanScopes,
  PurchaseBarrier,
  ScopeQuery,
  FeatureCell,
  FeatureRow,
  Resolution,
  RouteInfo,
  UnauthorisedNotice,
  Unlocked,
  UserForm,
  UserFormContext,
  WebsiteCheckView,
} from './pkg-shell/domain_wasm.js';

export type {
  AddButton,
  AddonOffer,
  ChargeItem,
  Chip,
  FieldErrors,
  GuardStep,
  IntegrationButton,
  IntegrationCard,
  IntegrationOverview,
  Menu,
  MenuNode,
  NumberFormat,
  PageLink,
  PlanComparison,
  PlanPage,
  PlanScopes,
  PurchaseBarrier,
  ScopeQuery,
  FeatureCell,
  FeatureRow,
  Resolution,
  RouteInfo,
  UnauthorisedNotice,
  Unlocked,
  UserForm,
  UserFormContext,
  WebsiteCheckView,
};

export interface AccountChoice {
  customerId: number;
  customerName: string;
}

/** The account state of GET /api/accountsettings/getAccountDetails (crates/domain/src/account.rs). */
export interface AccountState {
  userId: number;
  userForename: string;
  userSurname: string;
  userEmail: string;
  customerId: number;
  customerName: string;
  customerTimeZone: string;
  accountCode: string | null;
  packageName: string;
  userAuthCode: number;
  /** The account owner to ask for access (an account owner of the customer), if any. */
  accountOwnerName: string | null;
  logoUrl: string | null;
  faviconUrl: string | null;
  topBar: { background: string; text: string };
  packageScopes: string[];
  addonScopes: string[];
  nextPackageScopes: string[];
  parameters: string[];
  splashScreen: { id: number; title: string; body: string } | null;
  numberFormat: NumberFormat;
  accounts: AccountChoice[];
  productName: string;
  isPartner: boolean;
  isUserOnPartner: boolean;
  isTechPartner: boolean;
  techPartnerReportsLogin: boolean;
  isUserAdmin: boolean;
  isAdministrator: boolean;
  isSystemManager: boolean;
  isGroupAccount: boolean;
  isLegacyPackage: boolean;
  hasStatic: boolean;
  hasDynamic: boolean;
  hasOutbound: boolean;
  hasOldOutbound: boolean;
  hasSpeech: boolean;
  hasBilling: boolean;
  hasRealTime: boolean;
  canPurchase: boolean;
  customerCanPurchaseOnline: boolean;
  purchasePermissionFlag: boolean;
  canProvision: boolean;
  canViewAdminMenu: boolean;
  canAccessReports: boolean;
  canAccessBilling: boolean;
  canAccessOutbound: boolean;
  canAccessSalesData: boolean;
  canAccessApi: boolean;
  canEditUsers: boolean;
  canEditNumbersCampaigns: boolean;
  hasAccessToConversions: boolean;
  showReports2023: boolean;
  userCanCreatePartnerAccounts: boolean;
  partnerResellerApprovedFlag: boolean;
  partnerReferrerApprovedFlag: boolean;
  canAccessPartnerAccounts: boolean;
  canAccessPartnerRewards: boolean;
  canAddPartnerAccounts: boolean;
  canAccessPartnerBilling: boolean;
  canViewPartnerAccounts: boolean;
}

/** Any subset of the account state: the domain fills missing fields with their defaults. */
export type AccountInput = Partial<AccountState>;

export const DEFAULT_PAGE_TITLE = 'Admin area';

export function buildMenu(account: AccountInput): Menu {
  return wasm.buildMenu(account);
}

export function guardRoute(path: string, account: AccountInput): GuardStep {
  return wasm.guardRoute(path, account);
}

/** Why /unauthorised was reached from `from` (a refused page, or '' when unknown), and whom to ask. */
export function unauthorisedNotice(from: string, account: AccountInput): UnauthorisedNotice {
  return wasm.unauthorisedNotice(from, account);
}

export function resolveRoute(path: string, account: AccountInput): Resolution {
  return wasm.resolveRoute(path, account);
}

/** The shared toolbar's add button rule. */
export function showsAddButton(button: AddButton): boolean {
  return wasm.showsAddButton(button);
}

export function routeTable(): RouteInfo[] {
  return wasm.routeTable();
}

/** The overview's integration cards by section; `configured`: the identifiers set up. */
export function integrationOverview(account: AccountInput, configured: string[]): IntegrationOverview {
  return wasm.integrationOverview(account, configured);
}

/** Whether the user may connect and remove integrations and run website checks. */
export function canManageIntegrations(account: AccountInput): boolean {
  return wasm.canManageIntegrations(account);
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

/** Whether the overview shows (and fetches) the Dynamic URLs section. */
export function showsDynamicUrls(account: AccountInput): boolean {
  return wasm.showsDynamicUrls(account);
}

/** The identifier of the integration a destination page (or its sub-page) shows. */
export function integrationForPage(path: string): string | undefined {
  return wasm.integrationForPage(path) ?? undefined;
}

/** What a dynamic URL's row shows for a website-check job (spec: website check). */
export function websiteCheckView(status: number, mhct: boolean, mhctWorking: boolean): WebsiteCheckView {
  return wasm.websiteCheckView(status, mhct, mhctWorking);
}

/** The view while no job has come back: ask again soon. */
export function websiteCheckPending(): WebsiteCheckView {
  return wasm.websiteCheckPending();
}

/** The script tag to put on the website of a dynamic URL. */
export function trackingSnippet(origin: string, reference: string): string {
  return wasm.trackingSnippet(origin, reference);
}

export function pageTitle(product: string, title?: string | null): string {
  return wasm.pageTitle(product, title ?? null);
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
export function formatPounds(pounds: number): string {
  return wasm.formatPounds(pounds);
}

export function quantitySuffix(item: ChargeItem): string | null {
  return wasm.quantitySuffix(item) ?? null;
}

export function billingFrequencyWord(months: string, frequencyId?: number | null): string {
  return wasm.billingFrequencyWord(months, frequencyId ?? null);
}

// Dates: screens use lib/dates.ts, which adds the clock.
export function formatDate(stored: string): string | null {
  return wasm.formatDate(stored) ?? null;
}

export function formatDayAt(epochSeconds: number, timeZone: string): string {
  return wasm.formatDayAt(epochSeconds, timeZone);
}

export function formatDateTime(epochSeconds: number, timeZone: string): string {
  return wasm.formatDateTime(epochSeconds, timeZone);
}

export function formatRelative(epochSeconds: number, nowSeconds: number, timeZone: string): string {
  return wasm.formatRelative(epochSeconds, nowSeconds, timeZone);
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

// Type-only: erased at build time, so importing a type from here loads no form rules.
export type * from './forms';
export type * from './routing';
export type * from './ivr';
