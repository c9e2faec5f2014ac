// The wasm build of crates/domain, as the browser calls it. Everything the browser decides about
// menus, guards, titles, formats and form rules comes through src/domain. This file is the shell
// module (pkg-shell: what the first screen needs); pages.ts (pkg-pages) has the purchase modal's,
// the plans', the prices' and the lists' rules, and forms.ts, routing.ts, ivr.ts and the others
// (pkg) the form rules: only the screens that need them import them, so the first screen loads
// neither.
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
  PartnerPortalIcon,
  PlanComparison,
  PlanPage,
  PlanScopes,
  PurchaseBarrier,
  ScopeQuery,
  FeatureCell,
  FeatureRow,
  Resolution,
  RouteInfo,
  TopBarIcons,
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
  PartnerPortalIcon,
  PlanComparison,
  PlanPage,
  PlanScopes,
  PurchaseBarrier,
  ScopeQuery,
  FeatureCell,
  FeatureRow,
  Resolution,
  RouteInfo,
  TopBarIcons,
  UnauthorisedNotice,
  Unlocked,
  UserForm,
  UserFormContext,
  WebsiteCheckView,
};


export type { AccountChoice, AccountInput, AccountState } from './account';
import type { AccountInput } from './account';

export const DEFAULT_PAGE_TITLE = 'Admin area';

export function buildMenu(account: AccountInput): Menu {
  return wasm.buildMenu(account);
}

/** The top bar's partner-portal and technology-partner icons and its reports switch. */
export function topBarIcons(account: AccountInput): TopBarIcons {
  return wasm.topBarIcons(account);
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

/** Why the user may not set up or test the FTP export, or null when they may. */
export function ftpExportRefusal(account: AccountInput): string | null {
  return wasm.ftpExportRefusal(account) ?? null;
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

export function pageTitle(product: string, title?: string | null): string {
  return wasm.pageTitle(product, title ?? null);
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

// Type-only: erased at build time, so importing a type from here loads no form rules.
export type * from './forms';
export type * from './routing';
export type * from './ivr';
