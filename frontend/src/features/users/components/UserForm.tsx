import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSnackbar } from '../../../components/Snackbar';
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { SOMETHING_WENT_WRONG } from '../../../components/PasswordConfirmDialog';
import { validateUserForm } from '../../../domain/forms';
import { validationErrors } from '../../../lib/api';
import { focusFirstInvalid, useFieldMessages } from '../../../lib/useFieldMessages';
import { useLoader } from '../../../lib/useLoader';
import { checkUniqueEmail } from '../api/checkUniqueEmail';
import { getOutboundCampaigns } from '../api/getOutboundCampaigns';
import { getPartnerUserPermissions } from '../api/getPartnerUserPermissions';
import { getUserDetails } from '../api/getUserDetails';
import { getUserPermissions } from '../api/getUserPermissions';
import { saveUser } from '../api/saveUser';
import type { OutboundCampaign, OutboundService, UserDetails } from '../api/types';
import { MainDetails } from './MainDetails';
import { OutboundSection } from './OutboundSection';
import { OUTBOUND_SAVE_FAILED } from './OutboundServiceDialog';
import { PermissionsGrid } from './PermissionsGrid';
import { SummaryEmailsSection, summariesEnabled } from './SummaryEmailsSection';
import {
  FIELD_NAMES,
  FORM_FIELDS,
  anyTicked,
  gridFromAnswer,
  initialValues,
  isExistingUser,
  saveFields,
  setCell,
  setRowAll,
  showsOutbound,
  toDomainForm,
  validationContext,
  type FormValues,
  type Grid,
  type ReportEmail,
} from './userFormState';

/** /users/{id}: loads the user (id 0: a new one) and goes back to the list when that fails. */
export function UserFormPage({ title, userId }: { title: string; userId: string }) {
  const navigate = useNavigate();
  const [details] = useLoader(() => getUserDetails(userId), [userId]);

  useEffect(() => {
    if (details.status === 'failed') navigate('/users', { replace: true });
  }, [details.status, navigate]);

  if (details.status !== 'ready') {
    return (
      <>
        <PageHeading title={title} />
        <div className="section-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>Loading…</span>
        </div>
      </>
    );
  }
  return <UserFormBody key={userId} title={title} userId={userId} details={details.data} />;
}

type GridLoad = { status: 'loading' } | { status: 'ready'; grid: Grid } | { status: 'failed' } | { status: 'idle' };

function useGrid(fetcher: (() => Promise<Grid>) | null, keys: unknown[]) {
  const [load, setLoad] = useState<GridLoad>({ status: fetcher ? 'loading' : 'idle' });
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  useEffect(() => {
    const fetch = fetcherRef.current;
    if (!fetch) {
      setLoad({ status: 'idle' });
      return;
    }
    let live = true;
    setLoad({ status: 'loading' });
    fetch().then(
      (grid) => live && setLoad({ status: 'ready', grid }),
      () => live && setLoad({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
    // The keys say when to fetch again.
  }, keys);
  const grid = load.status === 'ready' ? load.grid : null;
  const update = (change: (grid: Grid) => Grid) =>
    setLoad((current) => (current.status === 'ready' ? { status: 'ready', grid: change(current.grid) } : current));
  return { load, grid, update };
}

function UserFormBody({ title, userId, details }: { title: string; userId: string; details: UserDetails }) {
  const navigate = useNavigate();
  const notify = useSnackbar();
  const { context, user } = details;
  const existing = isExistingUser(details);
  const partner = Boolean(context.isPartner);
  const withOutbound = showsOutbound(details);
  const identityEditable = Boolean(context.identityEditable);
  const formRef = useRef<HTMLFormElement>(null);
  const permissionsHeading = useId();
  const partnerHeading = useId();

  const [values, setValues] = useState<FormValues>(() => initialValues(details));
  const [banner, setBanner] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [outboundOnServer, setOutboundOnServer] = useState(Boolean(user.hasAccessToNewOutbound));
  const [pendingService, setPendingService] = useState<OutboundService | null>(null);
  const [addedCampaigns, setAddedCampaigns] = useState<OutboundCampaign[]>([]);

  const gridAuthCode = values.authCode || (context.accountHasAuthCode ? '' : String(user.userAuthCode || '10'));
  const permissions = useGrid(
    gridAuthCode ? () => getUserPermissions(userId, gridAuthCode, existing).then(gridFromAnswer) : null,
    [gridAuthCode],
  );
  const partnerPermissions = useGrid(
    partner ? () => getPartnerUserPermissions(userId, existing).then(gridFromAnswer) : null,
    [partner],
  );

  const wantsCampaigns = withOutbound && values.hasAccessToNewOutbound;
  const [campaignsLoad] = useLoader(wantsCampaigns ? getOutboundCampaigns : null);
  const campaignsData = campaignsLoad.status === 'ready' ? campaignsLoad.data : null;
  const campaigns = useMemo(() => {
    const known = campaignsData?.campaigns ?? [];
    return [...known, ...addedCampaigns.filter((added) => !known.some((c) => String(c.val) === added.val))];
  }, [campaignsData, addedCampaigns]);

  const reportEmailsEnabled: Record<ReportEmail, boolean> = {
    emailDaily: campaignsData?.outboundDailyEnabled ?? Boolean(user.outboundDaily?.enabled),
    emailWeekly: campaignsData?.outboundWeeklyEnabled ?? Boolean(user.outboundWeekly?.enabled),
    emailMonthly: campaignsData?.outboundMonthlyEnabled ?? Boolean(user.outboundMonthly?.enabled),
  };

  const summaryEmailsEnabled = summariesEnabled(details);

  const hasPermissions = anyTicked(permissions.grid) || anyTicked(partnerPermissions.grid);
  const context_ = validationContext(details, values, outboundOnServer, hasPermissions);
  const errors = validateUserForm(toDomainForm(values), context_);
  const enablingOutbound = context_.enablingOutbound;
  const messages = useFieldMessages(errors);
  const { setServerErrors } = messages;
  const errorOf = (key: keyof FormValues) => messages.errorOf(FIELD_NAMES[key]);

  function change<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    messages.touch(FIELD_NAMES[key]);
  }

  function blur(key: keyof FormValues) {
    messages.left(FIELD_NAMES[key]);
  }

  function enableRefusal(): string | null {
    const on = { ...values, hasAccessToNewOutbound: true };
    const result = validateUserForm(toDomainForm(on), validationContext(details, on, outboundOnServer, hasPermissions));
    return result.hasAccessToNewOutbound ?? null;
  }

  function shown(field: string): boolean {
    return formRef.current?.querySelector(`[name="${field}"]`) !== null;
  }

  async function save() {
    if (saving) return;
    messages.showAllErrors();
    setBanner([]);
    const invalid = Object.keys(errors);
    if (invalid.length > 0) {
      const hidden = invalid.filter((field) => !shown(field)).map((field) => errors[field]);
      if (hidden.length > 0) setBanner(hidden);
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    try {
      const email = values.email.trim();
      if (identityEditable && email !== (user.email ?? '').trim()) {
        const check = await checkUniqueEmail(email, userId);
        if (!check.unique) {
          setServerErrors({ form_email: check.message });
          focusFirstInvalid(formRef.current);
          return;
        }
      }
      const answer = await saveUser(
        userId,
        saveFields({
          userId,
          values,
          details,
          grid: permissions.grid,
          partnerGrid: partnerPermissions.grid,
          enablingOutbound,
          pendingService,
          reportEmailsEnabled,
          summaryEmailsEnabled,
        }),
      );
      if (answer?.success === true) {
        const name = `${values.firstName} ${values.lastName}`.trim() || values.email;
        notify(existing ? `User ${name} saved.` : `User ${name} added.`);
        navigate('/users');
        return;
      }
      setBanner([OUTBOUND_SAVE_FAILED]);
    } catch (error) {
      const fieldErrors = validationErrors(error);
      if (!fieldErrors) {
        setBanner([OUTBOUND_SAVE_FAILED]);
        return;
      }
      const onFields = Object.fromEntries(
        Object.entries(fieldErrors).filter(([field]) => FORM_FIELDS.has(field) && shown(field)),
      );
      const others = Object.entries(fieldErrors)
        .filter(([field]) => !(field in onFields))
        .map(([, message]) => message);
      setServerErrors(onFields);
      if (others.length > 0 || Object.keys(onFields).length === 0) {
        setBanner(others.length > 0 ? others : [SOMETHING_WENT_WRONG]);
      }
      focusFirstInvalid(formRef.current);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageHeading title={title} />
      <form
        ref={formRef}
        className="user-form"
        noValidate
        aria-label={existing ? 'Edit user' : 'Add user'}
        onSubmit={(event) => {
          event.preventDefault();
          if (event.target === event.currentTarget) void save();
        }}
      >
        {banner.length > 0 && (
          <div role="alert" className="banner banner-error">
            {banner.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
        <MainDetails values={values} context={context} onChange={change} onBlur={blur} errorOf={errorOf} />
        {withOutbound && (
          <OutboundSection
            values={values}
            onChange={change}
            onBlur={blur}
            errorOf={errorOf}
            outboundOnServer={outboundOnServer}
            existingUserId={existing ? userId : null}
            enableRefusal={enableRefusal}
            onEnabled={(service) => {
              if (existing) setOutboundOnServer(true);
              else setPendingService(service);
              change('hasAccessToNewOutbound', true);
            }}
            onDisabled={() => {
              setPendingService(null);
              change('hasAccessToNewOutbound', false);
            }}
            campaigns={campaigns}
            onCampaignAdded={(campaign) => {
              setAddedCampaigns((current) => [...current, campaign]);
              change('outboundCampaign', campaign.val);
            }}
            reportEmailsEnabled={reportEmailsEnabled}
            readOnly={!identityEditable}
          />
        )}
        <SummaryEmailsSection
          values={values}
          onChange={change}
          enabled={summaryEmailsEnabled}
          readOnly={!identityEditable}
        />
        {partner && (
          <section className="card form-section" aria-labelledby={partnerHeading}>
            <h2 id={partnerHeading}>Partner permissions</h2>
            <GridBody
              label="Partner permissions"
              load={partnerPermissions.load}
              onCell={(id, permission, ticked) => partnerPermissions.update((g) => setCell(g, id, permission, ticked))}
            />
          </section>
        )}
        <section className="card form-section" aria-labelledby={permissionsHeading}>
          <h2 id={permissionsHeading}>Permissions</h2>
          <GridBody
            label="Permissions"
            load={permissions.load}
            withSelectAll
            onCell={(id, permission, ticked) => permissions.update((g) => setCell(g, id, permission, ticked))}
            onRowAll={(id, ticked) => permissions.update((g) => setRowAll(g, id, ticked))}
          />
        </section>
        <div className="form-actions">
          <Link className="button" to="/users">
            Cancel
          </Link>
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </>
  );
}

function GridBody({
  label,
  load,
  withSelectAll,
  onCell,
  onRowAll,
}: {
  label: string;
  load: GridLoad;
  withSelectAll?: boolean;
  onCell: (customerId: string, permission: string, ticked: boolean) => void;
  onRowAll?: (customerId: string, ticked: boolean) => void;
}) {
  switch (load.status) {
    case 'idle':
      return <p className="field-hint">Choose an authority code to set permissions.</p>;
    case 'loading':
      return (
        <div className="section-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>Loading permissions…</span>
        </div>
      );
    case 'failed':
      return (
        <p role="alert" className="banner banner-error">
          {SOMETHING_WENT_WRONG}
        </p>
      );
    case 'ready':
      return (
        <PermissionsGrid
          label={label}
          grid={load.grid}
          withSelectAll={withSelectAll}
          onCell={onCell}
          onRowAll={onRowAll}
        />
      );
  }
}
