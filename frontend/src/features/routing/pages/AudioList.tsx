import { useId, useMemo, useState } from 'react';
import { DataTable, ROWS_PER_PAGE, type Column, type RowKey } from '../../../components/DataTable';
import { Icon } from '../../../components/Icon';
import { PageHeading } from '../../../components/PageHeading';
import { PasswordConfirmDialog } from '../../../components/PasswordConfirmDialog';
import { routingAccess } from '../../../domain/routing';
import { useAccount } from '../../../lib/account';
import { fieldErrorsOf } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import {
  bulkSoftDelete,
  getAffectedLocations,
  getAudioList,
  type AffectedLocation,
  type AudioRow,
  type Voicemail,
} from '../api/editors';
import { AudioDialog } from '../editors/AudioDialog';
import { ROUTING_FAILED } from '../editors/messages';
import { VoicemailDialog } from '../editors/VoicemailDialog';
import { RoutingLibraryProvider, useRoutingLibrary } from '../selectors/RoutingLibrary';
import { AudioInUseDialog } from './AudioInUseDialog';
import { Loading } from './connectShared';

export const AUDIO_PAGE_SIZE = 10;
export const AUDIO_DELETED = 'The selected audio has been deleted.';

/** dd/mm/yyyy as a sortable yyyymmdd ('' sorts first). */
function sortableDate(date: string): string {
  const [day, month, year] = (date ?? '').split('/');
  return year && month && day ? `${year}${month}${day}` : '';
}

/** The actions column of the audio and voicemail tables: an edit button named after the row. */
function editColumn<T>(name: (row: T) => string, onEdit: (row: T) => void): Column<T> {
  return {
    id: 'actions',
    header: 'Actions',
    cell: (row) => (
      <div className="row-actions">
        <button type="button" className="row-action" aria-label={`Edit ${name(row)}`} title="Edit" onClick={() => onEdit(row)}>
          <Icon name="edit" size={20} />
        </button>
      </div>
    ),
  };
}

const fileText = (row: AudioRow) => (row.AudiFilename ? row.AudiFilename : `Text to speech: ${row.AudiSentence}`);

/** /routing/audio: the audio files and text-to-speech messages, and the voicemail boxes that use them. */
export function AudioList({ title }: { title: string }) {
  const { account } = useAccount();
  const access = routingAccess(account);
  return (
    <>
      <PageHeading title={title} />
      {access.canView && (
        <RoutingLibraryProvider lists={['audios', 'voicemails']}>
          <AudioSection canEdit={access.canEdit} />
          <VoicemailSection canEdit={access.canEdit} />
        </RoutingLibraryProvider>
      )}
    </>
  );
}

type DeleteStep =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'inUse'; locations: AffectedLocation[] }
  | { kind: 'password' }
  | { kind: 'deleting' };

/** canEdit: administrators with an advanced scope; others see the list without its actions. */
function AudioSection({ canEdit }: { canEdit: boolean }) {
  const library = useRoutingLibrary();
  const [list, reload] = useLoader(getAudioList);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [step, setStep] = useState<DeleteStep>({ kind: 'idle' });
  const [failure, setFailure] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const rows = list.status === 'ready' ? list.data : [];
  // Only rows still in the list count as selected.
  const chosen = useMemo(() => selected.filter((id) => rows.some((row) => row.AudiID === id)), [selected, rows]);

  const columns = useMemo(
    (): Column<AudioRow>[] => [
      {
        id: 'description',
        header: 'Description',
        cell: (row) => row.AudiDescription,
        sortValue: (row) => row.AudiDescription,
      },
      { id: 'file', header: 'File', cell: fileText, sortValue: fileText },
      { id: 'created', header: 'Created', cell: (row) => row.createdAt, sortValue: (row) => sortableDate(row.createdAt) },
      ...(canEdit
        ? [
            editColumn<AudioRow>(
              (row) => row.AudiDescription,
              (row) => {
                setNotice(null);
                setEditing(row.AudiID);
              },
            ),
          ]
        : []),
    ],
    [canEdit],
  );

  async function startDelete() {
    if (chosen.length === 0 || step.kind !== 'idle') return;
    setFailure([]);
    setNotice(null);
    setStep({ kind: 'checking' });
    try {
      const locations = await getAffectedLocations(chosen);
      setStep(locations.length > 0 ? { kind: 'inUse', locations } : { kind: 'password' });
    } catch {
      setFailure([ROUTING_FAILED]);
      setStep({ kind: 'idle' });
    }
  }

  async function remove(key: string) {
    setStep({ kind: 'deleting' });
    try {
      await bulkSoftDelete(chosen, key);
      setSelected([]);
      await Promise.all([reload(), library.reloadAudios()]);
      setNotice(AUDIO_DELETED);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const messages = fields ? Object.values(fields) : [];
      setFailure(messages.length > 0 ? messages : [ROUTING_FAILED]);
    }
    setStep({ kind: 'idle' });
  }

  const busy = step.kind === 'checking' || step.kind === 'deleting';
  return (
    <section className="card audio-list" aria-label="Audio">
      {failure.length > 0 && (
        <div role="alert" className="banner banner-error">
          {failure.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {notice && (
        <p role="status" className="banner banner-success">
          {notice}
        </p>
      )}
      <ListLoadState status={list.status} loading="Loading audio…" />
      {list.status === 'ready' && (
        <DataTable
          label="Audio"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.AudiID}
          pageSize={AUDIO_PAGE_SIZE}
          pageSizeOptions={ROWS_PER_PAGE}
          storageKey="audio"
          defaultSort={{ column: 'description', direction: 'asc' }}
          searchText={(row) => `${row.AudiDescription} ${fileText(row)}`}
          emptyText="No audio found."
          selection={
            canEdit
              ? {
                  selected: chosen,
                  onChange: (keys: RowKey[]) => setSelected(keys.map(Number)),
                  rowLabel: (row) => `Select ${row.AudiDescription}`,
                }
              : undefined
          }
          actions={
            canEdit && (
              <>
                {chosen.length > 0 && <span className="table-selected-count">{chosen.length} selected</span>}
                <button
                  type="button"
                  className="button button-danger"
                  disabled={chosen.length === 0 || busy}
                  aria-busy={busy || undefined}
                  onClick={() => void startDelete()}
                >
                  {step.kind === 'deleting' ? 'Deleting…' : 'Delete selected'}
                </button>
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => {
                    setNotice(null);
                    setEditing(0);
                  }}
                >
                  Add audio
                </button>
              </>
            )
          }
        />
      )}
      {editing !== null && (
        <AudioDialog
          open
          id={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
      <AudioInUseDialog
        open={step.kind === 'inUse'}
        locations={step.kind === 'inUse' ? step.locations : []}
        onClose={() => setStep({ kind: 'idle' })}
      />
      <PasswordConfirmDialog
        open={step.kind === 'password'}
        title="Delete audio"
        onCancel={() => setStep({ kind: 'idle' })}
        onConfirmed={(key) => void remove(key)}
      />
    </section>
  );
}

/** A list's spinner while it loads, or the routing failure message when the load failed; nothing once ready. */
function ListLoadState({ status, loading }: { status: 'loading' | 'ready' | 'failed'; loading: string }) {
  if (status === 'loading') return <Loading>{loading}</Loading>;
  if (status === 'failed') {
    return (
      <p role="alert" className="banner banner-error">
        {ROUTING_FAILED}
      </p>
    );
  }
  return null;
}

function VoicemailSection({ canEdit }: { canEdit: boolean }) {
  const { account } = useAccount();
  const library = useRoutingLibrary();
  const headingId = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const { voicemails, audios } = library;

  const columns = useMemo(
    (): Column<Voicemail>[] => [
      { id: 'description', header: 'Description', cell: (row) => row.description, sortValue: (row) => row.description },
      {
        id: 'audio',
        header: 'Greeting audio',
        cell: (row) => audios.items.find((audio) => audio.id === row.audioId)?.description ?? '',
      },
      ...(canEdit ? [editColumn((row: Voicemail) => row.description, (row: Voicemail) => setEditing(row.id))] : []),
    ],
    [audios.items, canEdit],
  );

  return (
    <section className="card voicemail-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-heading">
        Voicemail
      </h2>
      <ListLoadState status={voicemails.status} loading="Loading voicemail…" />
      {voicemails.status === 'ready' && (
        <DataTable
          label="Voicemail"
          columns={columns}
          rows={voicemails.items}
          rowKey={(row) => row.id}
          pageSize={AUDIO_PAGE_SIZE}
          pageSizeOptions={ROWS_PER_PAGE}
          storageKey="voicemail"
          defaultSort={{ column: 'description', direction: 'asc' }}
          searchText={(row) => row.description}
          emptyText="No voicemail boxes yet."
          add={{
            label: 'Add voicemail',
            onClick: () => setEditing(0),
            rule: { isAdministrator: canEdit, isGroupAccount: account.isGroupAccount },
          }}
        />
      )}
      {editing !== null && (
        <VoicemailDialog open id={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
      )}
    </section>
  );
}
