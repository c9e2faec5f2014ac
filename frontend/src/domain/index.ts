// The wasm build of crates/domain, as the browser calls it. Everything the browser decides about
// menus, guards, titles, formats and form rules comes through src/domain. This file is the shell
// module (pkg-shell: what the first screen needs); pages.ts (pkg-pages) has the purchase modal's,
// the plans', the prices' and the lists' rules, and forms.ts, routing.ts, ivr.ts and the others
// (pkg) the form rules: only the screens that need them import them, so the first screen loads
// neither.
import * as wasm from './pkg-shell/domain_wasm.js';

export type {
  AddButton,
  AddonOffer,
  ChargeItem,
  Chip,
  FeatureCell,
  FeatureRow,
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
  Resolution,
  RouteInfo,
  ScopeQuery,
  TopBarIcons,
  UnauthorisedNotice,
  Unlocked,
  UserForm,
  UserFormContext,
  WebsiteCheckView,
} from './pkg-shell/domain_wasm.js';

export type { AccountChoice, AccountInput, AccountState } from './account';
import type { AccountInput } from './account';

export const DEFAULT_PAGE_TITLE = 'Admin area';

// The rules wasm answers as they are: re-exported, with the declarations wasm-bindgen writes
// from the Rust code (parameters, results and doc comments).
export {
  buildMenu,
  canManageIntegrations,
  guardRoute,
  integrationForPage,
  integrationOverview,
  pageTitle,
  resolveRoute,
  routeTable,
  showsDynamicUrls,
  topBarIcons,
  unauthorisedNotice,
  websiteCheckPending,
  websiteCheckView,
} from './pkg-shell/domain_wasm.js';

// wasm answers undefined for "none"; these two answer null, as their callers expect.
/** Why the user may not set up or test the FTP export, or null when they may. */
export function ftpExportRefusal(account: AccountInput): string | null {
  return wasm.ftpExportRefusal(account) ?? null;
}

// Dates: screens use lib/dates.ts, which adds the clock.
/** A stored date (YYYY-MM-DD, maybe with a time) as dd/mm/yyyy, or null when it is not one. */
export function formatDate(stored: string): string | null {
  return wasm.formatDate(stored) ?? null;
}

export { formatDateTime, formatDayAt, formatRelative } from './pkg-shell/domain_wasm.js';

// Type-only: erased at build time, so importing a type from here loads no form rules.
export type * from './forms';
export type * from './routing';
export type * from './ivr';
