// The shapes of the users/* and outboundcampaigns/* answers.

export const PERMISSION_KEYS = [
  'PERM_REPORTS',
  'PERM_BILLING',
  'PERM_SERVICES_ADMIN',
  'PERM_USER_ADMIN',
  'PERM_PURCHASE',
  'PERM_VIEW_EDIT_USERS',
  'PERM_EDIT_API',
  'PERM_OUTBOUND',
  'PERM_ACCOUNTS',
  'PERM_ADD_ACCOUNTS',
  'PERM_REWARDS',
  'PERM_VOICEMAIL',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export type UserRow = {
  UserID: number;
  UserForename: string;
  UserSurname: string;
  UserEmail: string;
  CustName: string;
  Authorisation: string;
  UserAuthCode: number;
  UserDateAccessed: string;
  MFAEnabled: string;
  CallsPlayed7Days: number;
  UserCallRecFlag: string;
  UserDateCreated: string;
  EditUser: number;
  DeleteUser: number;
  canManage: boolean;
  identityEditable: boolean;
} & Record<PermissionKey, boolean>;

export interface UsersOnAccount {
  users: UserRow[];
  usersWithPermission: UserRow[];
  accountOwnersQty: number;
  accessToOtherAccounts: boolean;
  canEditUsers: boolean;
}

export interface UsersOnOtherAccounts {
  users: UserRow[];
  accessToOtherAccounts: boolean;
  canEditUsers: boolean;
}

export interface ReportEmailOption {
  enabled: boolean;
  checked: boolean;
}

export interface UserDetailsUser {
  id: number | string;
  forename: string;
  surname: string;
  name: string;
  email: string;
  userAuthCode: string;
  provAuthCode: string;
  customerID: string;
  callRecFlag: string;
  hasAccessToNewOutbound: boolean;
  hasOutboundAccess: boolean;
  outboundCampaignId: string;
  outboundNumber: string;
  cliRestricted: string;
  newOutboundAutoDial: string;
  outboundDaily: ReportEmailOption;
  outboundWeekly: ReportEmailOption;
  outboundMonthly: ReportEmailOption;
}

export interface UserDetailsContext {
  customers: { id: number | string; name: string }[];
  authCodes: { value: number; label: string }[];
  accountHasAuthCode: boolean;
  accountHasInboundRecording: boolean;
  editorCanAccessRecordings: boolean;
  isPartner: boolean;
  isGroupAccount: boolean;
  isTechPartnerReportsLogin: boolean;
  isSelf: boolean;
  editorAuthCode: number;
  identityEditable: boolean;
  hasOtherAccounts: boolean;
  /** The outbound section shows (the server applies the domain rule). */
  showsOutbound: boolean;
}

export interface UserDetails {
  user: UserDetailsUser;
  context: UserDetailsContext;
}

export interface PermissionColumn {
  permission: string;
  label: string;
  editable: boolean;
}

export type PermissionRow = {
  customerId: number | string;
  CustomerName: string;
  HasCallAdvanceFeatures?: boolean;
} & Record<string, unknown>;

export interface UserPermissions {
  columns: PermissionColumn[];
  permissions: PermissionRow[];
  selectAll?: Record<string, boolean>;
}

export interface OutboundService {
  serviceId: number;
  price: number;
  billingFrequency: string;
  minimumTerm: number;
  productCode: string;
  existingCustomerService: boolean;
  serviceType: string;
}

export type OutboundServiceAnswer = { status: 1; data: OutboundService } | { status: 0 };

export interface OutboundCampaign {
  name: string;
  val: string;
}

export interface OutboundCampaigns {
  status: number;
  campaigns: OutboundCampaign[];
  outboundDailyEnabled: boolean;
  outboundWeeklyEnabled: boolean;
  outboundMonthlyEnabled: boolean;
  user?: { customerSettings?: { name: string; unique: string } };
}
