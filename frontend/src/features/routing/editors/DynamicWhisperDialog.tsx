import { useId, useRef, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { validateDynamicWhisper, whisperTextProblem } from '../../../domain/routing';
import { type DynamicWhisperForm } from '../../../domain';
import { fieldErrorsOf } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { getDynamicWhisper, playTextToSpeech, saveDynamicWhisper, type WhisperRow } from '../api/extras';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { AffectedDialog, HeadsUp, type Affected } from './AffectedDialog';
import { EditorActions } from './EditorActions';
import { RecordHistoryLink } from './RecordHistoryLink';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { SOMETHING_WENT_WRONG } from './messages';
import { useEditorForm } from './useEditorForm';

export interface DynamicWhisperDialogProps {
  open: boolean;
  /** The whisper to edit; 0 adds a new one. */
  id: number;
  /** The pool being edited (left out of the affected pools); 0: none. */
  poolId?: number;
  onClose: () => void;
  /** After a save, with the whisper's id; the whisper list has reloaded. */
  onSaved: (id: number) => void;
}

const ROW_FIELD = /^dynamicWhisper\[(\d+)\]$/;

/** The editor's state: the description and the source / medium rows with their whispers. */
interface WhisperState {
  description: string;
  rows: WhisperRow[];
}

function validateWhisperRows({ description, rows }: WhisperState, taken: string[]) {
  const form: DynamicWhisperForm = {
    description,
    sources: rows.map((row) => ({ sourceMediumId: row.id, whisper: row.whisper })),
  };
  return validateDynamicWhisper(form, taken);
}

/** The description, the 'none given' message, and row fields of rows the form has. */
function known(key: string, { rows }: WhisperState) {
  if (key === 'description' || key === 'dynamicWhisper') return true;
  const match = ROW_FIELD.exec(key);
  return match !== null && Number(match[1]) < rows.length;
}

/** A source / medium row's name: 'google / cpc'. */
export const sourceLabel = (row: WhisperRow) => `${row.source} / ${row.medium}`;

/** 'Add dynamic whisper' / 'Edit dynamic whisper': what the agent hears, by the caller's source / medium. */
export function DynamicWhisperDialog(props: DynamicWhisperDialogProps) {
  if (!props.open) return null;
  return <DynamicWhisperLoader key={`${props.id}-${props.poolId ?? 0}`} {...props} />;
}

function DynamicWhisperLoader(props: DynamicWhisperDialogProps) {
  const { id, poolId = 0, onClose } = props;
  const title = id ? 'Edit dynamic whisper' : 'Add dynamic whisper';
  const [load] = useLoader(() => getDynamicWhisper(id, poolId), [id, poolId]);
  if (load.status !== 'ready') {
    return <EditorLoadState title={title} failed={load.status === 'failed'} onClose={onClose} />;
  }
  return (
    <DynamicWhisperEditor
      {...props}
      title={title}
      description={load.data.description}
      sources={load.data.sources}
      affected={{ numbers: [], pools: load.data.affectedPools }}
    />
  );
}

/** The sound of one row's Play button: loading, or a data: URL to play. */
type Played = { row: number; status: 'loading' } | { row: number; status: 'ready'; src: string };

function DynamicWhisperEditor({
  id,
  title,
  description: initialDescription,
  sources: initialSources,
  affected,
  onClose,
  onSaved,
}: DynamicWhisperDialogProps & { title: string; description: string; sources: WhisperRow[]; affected: Affected }) {
  const library = useRoutingLibrary();
  const [affectedDialog, setAffectedDialog] = useState<'show' | 'confirm' | null>(null);
  const [played, setPlayed] = useState<Played | null>(null);
  /** A row's Play problem (empty text, or the speech failed), until its text changes. */
  const [playProblem, setPlayProblem] = useState<{ row: number; message: string } | null>(null);
  const playRequest = useRef(0);

  const { content, form, setForm, change, errorOf, touch, unplaced, busy, failure, save } = useEditorForm({ noun: 'Dynamic whisper',
    initial: { description: initialDescription, rows: initialSources },
    validate: validateWhisperRows,
    items: library.dynamicWhispers.items,
    id,
    known,
  });
  const { description, rows } = form;
  const hasAffected = affected.pools.length > 0;

  function changeWhisper(index: number, whisper: string) {
    setForm((current) => ({
      ...current,
      rows: current.rows.map((row, i) => (i === index ? { ...row, whisper } : row)),
    }));
    touch(`dynamicWhisper[${index}]`, 'dynamicWhisper');
    if (playProblem?.row === index) setPlayProblem(null);
  }

  async function play(index: number) {
    const text = rows[index]?.whisper ?? '';
    const problem = whisperTextProblem(text);
    if (problem) {
      setPlayProblem({ row: index, message: problem });
      return;
    }
    setPlayProblem(null);
    const request = ++playRequest.current;
    setPlayed({ row: index, status: 'loading' });
    try {
      const src = await playTextToSpeech(text.trim());
      if (request === playRequest.current) setPlayed({ row: index, status: 'ready', src });
    } catch (error) {
      if (request !== playRequest.current) return;
      setPlayed(null);
      // The server checks the text with the same rule; any other failure is generic.
      setPlayProblem({ row: index, message: fieldErrorsOf(error)?.whisperText ?? SOMETHING_WENT_WRONG });
    }
  }

  function submit(confirmed = false) {
    void save(
      id ? 'update' : 'save',
      async () => {
        const savedId = await saveDynamicWhisper(
          id,
          description.trim(),
          rows.map((row) => ({ ...row, whisper: row.whisper.trim() })),
        );
        await library.reloadDynamicWhispers();
        return savedId;
      },
      {
        proceed: () => {
          if (id > 0 && hasAffected && !confirmed) {
            setAffectedDialog('confirm');
            return false;
          }
          setAffectedDialog(null);
          return true;
        },
        done: onSaved,
      },
    );
  }

  const noneGiven = errorOf('dynamicWhisper');
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={() => submit()}
      busy={busy}
      actions={<EditorActions existing={Boolean(id)} saving={busy} onCancel={onClose} />}
    >
      <div ref={content} className="whisper-editor">
        <RecordHistoryLink kind="dynamicWhisper" id={id} />
        {hasAffected && <HeadsUp onShow={() => setAffectedDialog('show')} />}
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="description"
          value={description}
          error={errorOf('description')}
          onChange={(value) => change({ description: value }, 'description')}
          disabled={busy}
        />
        {rows.length === 0 ? (
          <p className="empty-state">
            There are no sources / mediums on this account yet, so there is nothing to whisper by.
          </p>
        ) : (
          <div className="table-scroll">
            <table className="whisper-rows" aria-label="Whispers by source / medium">
              <thead>
                <tr>
                  <th scope="col">Source / medium</th>
                  <th scope="col">Whisper</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <WhisperRowView
                    key={row.id}
                    row={row}
                    error={errorOf(`dynamicWhisper[${i}]`) ?? (playProblem?.row === i ? playProblem.message : undefined)}
                    played={played?.row === i ? played : null}
                    onChange={(whisper) => changeWhisper(i, whisper)}
                    onPlay={() => void play(i)}
                    disabled={busy}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {noneGiven && (
          <p className="field-error" role="alert">
            {noneGiven}
          </p>
        )}
      </div>
      <AffectedDialog
        open={affectedDialog !== null}
        affected={affected}
        onClose={() => setAffectedDialog(null)}
        onConfirm={affectedDialog === 'confirm' ? () => submit(true) : undefined}
      />
    </Dialog>
  );
}

function WhisperRowView({
  row,
  error,
  played,
  onChange,
  onPlay,
  disabled,
}: {
  row: WhisperRow;
  error?: string;
  played: Played | null;
  onChange: (whisper: string) => void;
  onPlay: () => void;
  disabled: boolean;
}) {
  const id = useId();
  const name = sourceLabel(row);
  const loading = played?.status === 'loading';
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        <div className={`field field-inline${error ? ' field-invalid' : ''}`}>
          <label htmlFor={id} className="visually-hidden">
            Whisper for {name}
          </label>
          <div className="whisper-input">
            <input
              id={id}
              type="text"
              value={row.whisper}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => onChange(event.target.value)}
            />
            <button
              type="button"
              className="button"
              aria-label={`Play whisper for ${name}`}
              disabled={disabled || loading}
              aria-busy={loading || undefined}
              onClick={onPlay}
            >
              {loading ? 'Loading…' : 'Play'}
            </button>
          </div>
          {error && (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          )}
          {played?.status === 'ready' && (
            <audio className="whisper-audio" controls autoPlay src={played.src} aria-label={`Whisper for ${name}, spoken`} />
          )}
        </div>
      </td>
    </tr>
  );
}
