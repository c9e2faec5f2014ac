import { useMemo, useState } from 'react';
import { DataTable, ROWS_PER_PAGE, type Column } from '../../../components/DataTable';
import { Icon } from '../../../components/Icon';
import { DraftBanner } from '../../../components/draft/DraftBanner';
import { PageHeading } from '../../../components/PageHeading';
import { routingAccess } from '../../../domain/routing';
import { useAccount } from '../../../lib/account';
import { useLoader } from '../../../lib/useLoader';
import { getIvrOverview, type IvrSummary } from '../api/ivrs';
import { IvrDialog } from '../editors/IvrDialog';
import { MultiLevelTermsDialog } from '../editors/MultiLevelTermsDialog';
import { RoutingLibraryProvider, type LibraryListName } from '../selectors/RoutingLibrary';
import { Loading } from './connectShared';

export const IVR_PAGE_SIZE = 25;
export const IVRS_FAILED = 'The IVRs could not be loaded. Try again later.';
export const NO_IVRS = "No IVRs yet. Add one, then choose it in a service plan's row.";
export const NO_MATCHING_IVRS = 'No IVRs match the search.';
export const NOT_USED = 'Not used by any number yet';
const TOP_LEVEL = 'Top-level';
const CHILD = "Child (reached from another IVR's key)";

/** What the IVR editor's selectors choose from (see IvrDialog). */
const EDITOR_LISTS: readonly LibraryListName[] = [
  'ivrs',
  'audios',
  'routings',
  'voicemails',
  'categories',
  'reportGroups',
  'secondaryReportGroups',
];

const levelOf = (ivr: IvrSummary) => (ivr.isChild ? CHILD : TOP_LEVEL);
const usedByOf = (ivr: IvrSummary) => (ivr.usedBy.length > 0 ? ivr.usedBy.join(', ') : NOT_USED);

function ivrColumns(canEdit: boolean, onEdit: (ivr: IvrSummary) => void): Column<IvrSummary>[] {
  const columns: Column<IvrSummary>[] = [
    { id: 'description', header: 'Description', cell: (ivr) => ivr.description, sortValue: (ivr) => ivr.description },
    { id: 'level', header: 'Level', cell: levelOf, sortValue: levelOf },
    { id: 'usedBy', header: 'Used by', cell: usedByOf, sortValue: (ivr) => ivr.usedBy.join(', ') },
  ];
  if (!canEdit) return columns;
  columns.push({
    id: 'actions',
    header: 'Actions',
    cell: (ivr) => (
      <div className="row-actions">
        <button
          type="button"
          className="row-action"
          aria-label={`Edit ${ivr.description}`}
          title="Edit"
          onClick={() => onEdit(ivr)}
        >
          <Icon name="edit" size={20} />
        </button>
      </div>
    ),
  });
  return columns;
}

/** Editing an IVR, or adding one: the multi-level IVR price and terms first, then the editor. */
type Step = { kind: 'edit'; id: number } | { kind: 'terms' } | { kind: 'add'; acceptTerms: boolean };

/**
 * /routing/ivrs: every IVR, top-level and child, with the numbers and pools whose service plan
 * reaches it; each opens the IVR editor. The editor says a save worked (its snackbar).
 */
export function IvrList({ title }: { title: string }) {
  const { account } = useAccount();
  const access = routingAccess(account);
  const shown = access.canView && access.hasAdvanced;
  // A draft opened, discarded or published: the table reads the IVRs again.
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <PageHeading title={title} />
      {shown && <DraftBanner onChanged={() => setGeneration((n) => n + 1)} />}
      {shown && (
        <RoutingLibraryProvider key={generation} lists={access.canEdit ? EDITOR_LISTS : []}>
          <IvrTable canEdit={access.canEdit} isGroupAccount={account.isGroupAccount} />
        </RoutingLibraryProvider>
      )}
    </>
  );
}

function IvrTable({ canEdit, isGroupAccount }: { canEdit: boolean; isGroupAccount: boolean }) {
  const [list, reload] = useLoader(getIvrOverview);
  const [step, setStep] = useState<Step | null>(null);
  const columns = useMemo(() => ivrColumns(canEdit, (ivr) => setStep({ kind: 'edit', id: ivr.id })), [canEdit]);
  const close = () => setStep(null);
  const saved = () => {
    setStep(null);
    void reload();
  };

  const rows = list.status === 'ready' ? list.data : [];
  return (
    <section className="card ivr-list" aria-label="IVRs">
      <p>An IVR is a menu that callers hear and answer by pressing keys; each key leads somewhere.</p>
      {list.status === 'loading' && <Loading>Loading IVRs…</Loading>}
      {list.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {IVRS_FAILED}
        </p>
      )}
      {list.status === 'ready' && (
        <DataTable
          label="IVRs"
          columns={columns}
          rows={rows}
          rowKey={(ivr) => ivr.id}
          pageSize={IVR_PAGE_SIZE}
          pageSizeOptions={ROWS_PER_PAGE}
          storageKey="ivrs"
          defaultSort={{ column: 'description', direction: 'asc' }}
          searchText={(ivr) => `${ivr.description} ${ivr.usedBy.join(' ')}`}
          emptyText={rows.length === 0 ? NO_IVRS : NO_MATCHING_IVRS}
          add={{
            label: 'Add IVR',
            onClick: () => setStep({ kind: 'terms' }),
            rule: { isAdministrator: canEdit, isGroupAccount },
          }}
        />
      )}
      {step?.kind === 'edit' && <IvrDialog open id={step.id} onClose={close} onSaved={saved} />}
      {step?.kind === 'terms' && (
        <MultiLevelTermsDialog action="add" onCancel={close} onAccepted={(acceptTerms) => setStep({ kind: 'add', acceptTerms })} />
      )}
      {step?.kind === 'add' && <IvrDialog open id={0} acceptTerms={step.acceptTerms} onClose={close} onSaved={saved} />}
    </section>
  );
}
