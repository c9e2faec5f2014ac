// The account state every rule of the shell, the pages and the forms is asked about.
import type { NumberFormat } from './pkg-shell/domain_wasm.js';

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
