// The shapes of the users/* and outboundcampaigns/* answers, from the generated API contract.
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];

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
] as const satisfies readonly (keyof Schemas['ListedPermissions'])[];

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export type UserRow = Schemas['UserRow'];

/** users/getUsers/onaccount; usersWithPermission and accountOwnersQty come with this view only. */
export type UsersOnAccount = Schemas['UserList'];

/** users/getUsers/otheraccounts. */
export type UsersOnOtherAccounts = Schemas['UserList'];

export type ReportEmailOption = Schemas['UserReportEmail'];

export type UserDetailsUser = Schemas['UserFields'];

export type UserDetailsContext = Schemas['UserEditContext'];

export type UserDetails = Schemas['UserDetails'];

export type PermissionColumn = Schemas['GridColumn'];

/**
 * A grid row: the customer and a flag per permission column. The generated UserPermissionRow
 * intersects these fields with a `[key: string]: boolean` index signature, a type that reads
 * right but that no object literal satisfies (customerId is no boolean); this is the same shape
 * with the flags keyed by the contract's Permission names.
 */
export type PermissionRow = Pick<
  Schemas['UserPermissionRow'],
  'customerId' | 'CustomerName' | 'HasCallAdvanceFeatures'
> &
  Partial<Record<Schemas['Permission'], boolean>>;

type WithRows<Grid> = Omit<Grid, 'permissions'> & { permissions: PermissionRow[] };

/** users/getUserPermissions: the grid with each row's select-all. */
export type UserPermissions = WithRows<Schemas['UserPermissionGrid']>;

/** users/getPartnerUserPermissions: the grid without select-all. */
export type PartnerUserPermissions = WithRows<Schemas['PartnerUserPermissionGrid']>;

export type OutboundService = Schemas['OutboundOffer'];

/** status 1 with data (the offer), status 0 without. */
export type OutboundServiceAnswer = Schemas['OutboundServiceAnswer'];

export type OutboundCampaign = Schemas['OutboundCampaignOption'];

export type OutboundCampaigns = Schemas['OutboundCampaigns'];

export type CampaignAdded = Schemas['CampaignAdded'];

export type UserSaved = Schemas['UserSaved'];

export type PasswordResetAnswer = Schemas['PasswordResetSent'];

export type Done = Schemas['Done'];
