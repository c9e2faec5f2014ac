import type { UserForm as DomainUserForm, UserFormContext } from '../../../domain';
import type { FormFields } from '../../../lib/api';
import { outboundServiceFields } from '../api/setOutboundService';
import type {
  OutboundService,
  PartnerUserPermissions,
  PermissionColumn,
  PermissionRow,
  UserDetails,
  UserPermissions,
} from '../api/types';

export interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  authCode: string;
  provisioning: string;
  customer: string;
  callRecording: string;
  hasAccessToNewOutbound: boolean;
  outboundCampaign: string;
  outboundNumber: string;
  cliRestricted: boolean;
  autoDial: boolean;
  emailDaily: boolean;
  emailWeekly: boolean;
  emailMonthly: boolean;
  summaryDaily: boolean;
  summaryWeekly: boolean;
  summaryMonthly: boolean;
}

export type ReportEmail = 'emailDaily' | 'emailWeekly' | 'emailMonthly';
export type SummaryEmail = 'summaryDaily' | 'summaryWeekly' | 'summaryMonthly';

/** The users/save field each form value is posted as, for mapping error keys back. */
export const FIELD_NAMES = {
  firstName: 'form_first_name',
  lastName: 'form_last_name',
  email: 'form_email',
  authCode: 'form_auth_code',
  provisioning: 'form_provisioning',
  customer: 'form_customer',
  callRecording: 'form_recordings',
  hasAccessToNewOutbound: 'hasAccessToNewOutbound',
  outboundCampaign: 'form_outbound_campaign',
  outboundNumber: 'form_user_outbound_number',
  cliRestricted: 'form_customer_restrict_cli',
  autoDial: 'form_new_outbound_auto_dial',
  emailDaily: 'form_email_daily',
  emailWeekly: 'form_email_weekly',
  emailMonthly: 'form_email_monthly',
  summaryDaily: 'form_summary_daily',
  summaryWeekly: 'form_summary_weekly',
  summaryMonthly: 'form_summary_monthly',
} as const satisfies Record<keyof FormValues, string>;

export const FORM_FIELDS: ReadonlySet<string> = new Set(Object.values(FIELD_NAMES));


/** A permissions grid as edited: the server's columns and rows, and the per-row select-all. */
export interface Grid {
  columns: PermissionColumn[];
  rows: PermissionRow[];
  selectAll: Record<string, boolean>;
}

const flag = (value: string | null | undefined) => (value === '1' ? '1' : '0');

export function initialValues({ user }: UserDetails): FormValues {
  return {
    firstName: user.forename ?? '',
    lastName: user.surname ?? '',
    email: user.email ?? '',
    authCode: String(user.userAuthCode ?? ''),
    provisioning: String(user.provAuthCode ?? '0'),
    customer: String(user.customerID ?? ''),
    callRecording: flag(user.callRecFlag),
    hasAccessToNewOutbound: Boolean(user.hasAccessToNewOutbound),
    outboundCampaign: String(user.outboundCampaignId ?? ''),
    outboundNumber: user.outboundNumber ?? '',
    cliRestricted: user.cliRestricted === '1',
    autoDial: user.newOutboundAutoDial === '1',
    emailDaily: Boolean(user.outboundDaily?.checked),
    emailWeekly: Boolean(user.outboundWeekly?.checked),
    emailMonthly: Boolean(user.outboundMonthly?.checked),
    summaryDaily: Boolean(user.summaryDaily?.checked),
    summaryWeekly: Boolean(user.summaryWeekly?.checked),
    summaryMonthly: Boolean(user.summaryMonthly?.checked),
  };
}

export function toDomainForm(values: FormValues): DomainUserForm {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    authCode: values.authCode,
    customer: values.customer,
    hasAccessToNewOutbound: values.hasAccessToNewOutbound,
    callRecording: values.callRecording,
    outboundNumber: values.outboundNumber,
  };
}

export function validationContext(
  details: UserDetails,
  values: FormValues,
  outboundOnServer: boolean,
  hasPermissions: boolean,
): UserFormContext {
  const { context, user } = details;
  return {
    accountHasAuthCode: Boolean(context.accountHasAuthCode),
    loadedCallRecording: flag(user.callRecFlag),
    accountHasInboundRecording: Boolean(context.accountHasInboundRecording),
    editorCanAccessRecordings: Boolean(context.editorCanAccessRecordings),
    existingUser: isExistingUser(details),
    enablingOutbound: values.hasAccessToNewOutbound && !outboundOnServer,
    hasPermissions,
    identityReadOnly: context.identityEditable === false,
  };
}

export function isExistingUser(details: UserDetails): boolean {
  return String(details.user.id) !== '0' && String(details.user.id) !== '';
}

/** The server decides (domain `shows_outbound`) and says so in the context. */
export function showsOutbound(details: UserDetails): boolean {
  return Boolean(details.context.showsOutbound);
}

// Grid

const rowId = (row: PermissionRow) => String(row.customerId);

/** A cell can be ticked when the server's column is editable (voicemail only with advanced call features). */
export function cellEditable(column: PermissionColumn, row: PermissionRow): boolean {
  if (!column.editable) return false;
  return !(column.permission === 'PERM_VOICEMAIL' && row.HasCallAdvanceFeatures === false);
}

function rowAllTicked(columns: PermissionColumn[], row: PermissionRow): boolean {
  const editable = columns.filter((column) => cellEditable(column, row));
  return editable.length > 0 && editable.every((column) => row[column.permission] === true);
}

/** The users/getUserPermissions grid, or the partner one (which has no select-all). */
export function gridFromAnswer(answer: UserPermissions | PartnerUserPermissions): Grid {
  const columns = answer.columns ?? [];
  const rows = (answer.permissions ?? []).map((row) => {
    const copy: PermissionRow = { ...row };
    for (const column of columns) copy[column.permission] = row[column.permission] === true;
    return copy;
  });
  const given: Record<string, boolean> | undefined = 'selectAll' in answer ? answer.selectAll : undefined;
  const selectAll: Record<string, boolean> = {};
  for (const row of rows) selectAll[rowId(row)] = given?.[rowId(row)] ?? rowAllTicked(columns, row);
  return { columns, rows, selectAll };
}

export function setCell(grid: Grid, customerId: string, permission: string, ticked: boolean): Grid {
  const rows = grid.rows.map((row) => (rowId(row) === customerId ? { ...row, [permission]: ticked } : row));
  const changed = rows.find((row) => rowId(row) === customerId);
  const selectAll = { ...grid.selectAll, [customerId]: changed ? rowAllTicked(grid.columns, changed) : false };
  return { ...grid, rows, selectAll };
}

export function setRowAll(grid: Grid, customerId: string, ticked: boolean): Grid {
  const rows = grid.rows.map((row) => {
    if (rowId(row) !== customerId) return row;
    const copy: PermissionRow = { ...row };
    for (const column of grid.columns) if (cellEditable(column, row)) copy[column.permission] = ticked;
    return copy;
  });
  return { ...grid, rows, selectAll: { ...grid.selectAll, [customerId]: ticked } };
}

export function anyTicked(grid: Grid | null): boolean {
  return !!grid && grid.rows.some((row) => grid.columns.some((column) => row[column.permission] === true));
}

function permissionRows(grid: Grid): Record<string, unknown>[] {
  return grid.rows.map((row) => {
    const saved: Record<string, unknown> = { customerId: row.customerId };
    for (const column of grid.columns) saved[column.permission] = row[column.permission] === true;
    return saved;
  });
}

function partnerKeys(grid: Grid): string[] {
  return grid.columns
    .filter((column) => grid.rows.some((row) => row[column.permission] === true))
    .map((column) => column.permission);
}

// Save

export interface SaveInput {
  userId: string;
  values: FormValues;
  details: UserDetails;
  grid: Grid | null;
  partnerGrid: Grid | null;
  enablingOutbound: boolean;
  /** The service a new user's outbound is bought with (chosen in the outbound dialog). */
  pendingService: OutboundService | null;
  reportEmailsEnabled: Record<ReportEmail, boolean>;
  summaryEmailsEnabled: Record<SummaryEmail, boolean>;
}

const bit = (value: boolean) => (value ? '1' : '0');

export function saveFields({
  userId,
  values,
  details,
  grid,
  partnerGrid,
  enablingOutbound,
  pendingService,
  reportEmailsEnabled,
  summaryEmailsEnabled,
}: SaveInput): FormFields {
  const fields: FormFields = {
    form_first_name: values.firstName.trim(),
    form_last_name: values.lastName.trim(),
    form_email: values.email.trim(),
    form_auth_code: values.authCode,
    form_provisioning: values.provisioning,
    form_recordings: values.callRecording,
    form_outbound_campaign: values.outboundCampaign,
    form_customer: values.customer,
    form_user_outbound_number: values.outboundNumber.trim(),
    form_customer_restrict_cli: bit(values.cliRestricted),
    form_new_outbound_auto_dial: bit(values.autoDial),
    hasAccessToNewOutbound: bit(values.hasAccessToNewOutbound),
    userId,
  };
  for (const option of ['emailDaily', 'emailWeekly', 'emailMonthly'] as const) {
    if (reportEmailsEnabled[option] && values[option]) fields[FIELD_NAMES[option]] = '1';
  }
  for (const option of ['summaryDaily', 'summaryWeekly', 'summaryMonthly'] as const) {
    if (summaryEmailsEnabled[option] && values[option]) fields[FIELD_NAMES[option]] = '1';
  }
  if (enablingOutbound) {
    if (pendingService) Object.assign(fields, outboundServiceFields(pendingService));
    fields.form_include_outbound_permission = '1';
  }
  if (details.context.isPartner && partnerGrid) fields.form_user_permissions = JSON.stringify(partnerKeys(partnerGrid));
  fields.form_permission = JSON.stringify(grid ? permissionRows(grid) : []);
  fields.form_permission_all = JSON.stringify(grid?.selectAll ?? {});
  return fields;
}
