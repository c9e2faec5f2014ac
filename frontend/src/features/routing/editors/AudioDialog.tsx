import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSnackbar } from '../../../components/Snackbar';
import { savedMessage } from './useEditorForm';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { audioContentProblem, routingConstants, validateAudio } from '../../../domain/routing';
import { type AudioForm } from '../../../domain';
import { useLoader } from '../../../lib/useLoader';
import {
  addAudio,
  checkAudioDescription,
  downloadAudioBlob,
  getAudioBlob,
  getAudioList,
  updateAudio,
  type AudioRow,
} from '../api/editors';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { EditorActions } from './EditorActions';
import { RecordHistoryLink } from './RecordHistoryLink';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { AUDIO_FAILED } from './messages';
import { focusFirstInvalid, useFieldMessages } from '../../../lib/useFieldMessages';

export interface AudioDialogProps {
  open: boolean;
  /** The audio to edit; 0 uploads a new one. */
  id: number;
  onClose: () => void;
  /** After a save, with the audio's id; the library's audio list has reloaded. */
  onSaved: (id: number) => void;
}

const KNOWN = new Set(['form_description', 'form_file', 'form_audio_sentence']);
const known = (key: string) => KNOWN.has(key);

/** The bytes audioContentProblem looks at. */
const HEAD_BYTES = 16;

/** The audio dialog: upload a file or type a text-to-speech sentence; on edit, play or download it. */
export function AudioDialog(props: AudioDialogProps) {
  if (!props.open) return null;
  return <AudioLoader key={props.id} {...props} />;
}

function AudioLoader(props: AudioDialogProps) {
  const [load] = useLoader(getAudioList);
  const title = props.id ? 'Edit audio' : 'Add audio';
  if (load.status !== 'ready') {
    return <EditorLoadState title={title} failed={load.status === 'failed'} onClose={props.onClose} />;
  }
  const record = props.id ? load.data.find((audio) => audio.AudiID === props.id) : undefined;
  if (props.id && !record) return <EditorLoadState title={title} failed onClose={props.onClose} />;
  const taken = load.data.filter((audio) => audio.AudiID !== props.id).map((audio) => audio.AudiDescription);
  return <AudioEditor {...props} title={title} record={record} taken={taken} />;
}

function objectUrlsAvailable(): boolean {
  return typeof URL.createObjectURL === 'function';
}

function AudioEditor({
  id,
  title,
  record,
  taken,
  onClose,
  onSaved,
}: AudioDialogProps & { title: string; record: AudioRow | undefined; taken: string[] }) {
  const library = useRoutingLibrary();
  const content = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const accept = useMemo(() => routingConstants().audioExtensions.map((ext) => `.${ext}`).join(','), []);
  const [description, setDescription] = useState(record?.AudiDescription ?? '');
  const [sentence, setSentence] = useState(record?.AudiSentence ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [contentProblem, setContentProblem] = useState<string | null>(null);
  const notify = useSnackbar();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const storedFile = record?.AudiFilename ?? '';

  const form = useMemo(
    (): AudioForm => ({
      description,
      sentence,
      fileName: file ? file.name : null,
      fileSize: file ? file.size : 0,
      hasStoredFile: storedFile !== '',
    }),
    [description, sentence, file, storedFile],
  );
  const errors = useMemo(() => validateAudio(form, taken), [form, taken]);
  const { errorOf, touch, showAllErrors, showSaveErrors, unplaced } = useFieldMessages(errors, known);
  const fileError = errorOf('form_file') ?? contentProblem ?? undefined;

  async function chooseFile(chosen: File | null) {
    setFile(chosen);
    setContentProblem(null);
    touch('form_file', 'form_audio_sentence');
    if (!chosen) return;
    try {
      const head = new Uint8Array(await chosen.slice(0, HEAD_BYTES).arrayBuffer());
      setContentProblem(audioContentProblem(chosen.name, head));
    } catch {
      // The server checks the content again.
    }
  }

  function clearFile() {
    if (fileInput.current) fileInput.current.value = '';
    void chooseFile(null);
  }

  async function save() {
    if (saving) return;
    setFailure(null);
    if (Object.keys(errors).length > 0 || contentProblem) {
      showAllErrors();
      focusFirstInvalid(content.current);
      return;
    }
    setSaving(true);
    try {
      await checkAudioDescription(id, description);
      const upload = { file, description, sentence: file ? '' : sentence };
      const savedId = id ? await updateAudio(id, upload) : await addAudio(upload);
      await library.reloadAudios();
      setSaving(false);
      notify(savedMessage('Audio', { description }));
      onSaved(savedId);
    } catch (error) {
      if (!showSaveErrors(error, content.current)) setFailure(AUDIO_FAILED);
      setSaving(false);
    }
  }

  const sentenceLocked = file !== null;
  const fileLocked = !file && sentence.trim() !== '';
  const describedBy = fileError ? `${fileId}-error` : `${fileId}-hint`;

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<EditorActions existing={Boolean(id)} saving={saving} onCancel={onClose} />}
    >
      <div ref={content} className="audio-editor">
        <RecordHistoryLink kind="audio" id={id} />
        <EditorBanner messages={[...unplaced, failure]} />
        {storedFile && <StoredAudio fileName={storedFile} name={record?.AudiDescription ?? 'audio'} />}
        <TextField
          label="Description"
          name="form_description"
          value={description}
          error={errorOf('form_description')}
          onChange={(value) => {
            setDescription(value);
            touch('form_description');
          }}
          disabled={saving}
        />
        <div className={`field${fileError ? ' field-invalid' : ''}`}>
          <label htmlFor={fileId}>{storedFile ? 'Replace the file' : 'Audio file'}</label>
          <div className="selector-row">
            <input
              ref={fileInput}
              id={fileId}
              name="form_file"
              type="file"
              accept={accept}
              disabled={saving || fileLocked}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => void chooseFile(event.target.files?.[0] ?? null)}
            />
            {file && (
              <button type="button" className="button" onClick={clearFile} disabled={saving}>
                Remove file
              </button>
            )}
          </div>
          {fileError ? (
            <p id={`${fileId}-error`} className="field-error">
              {fileError}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className="field-hint">
              {fileLocked
                ? 'Clear the text to speech to upload a file instead.'
                : `${accept.replaceAll(',', ', ')}; up to ${Math.round(routingConstants().maxAudioBytes / 1048576)} MB.`}
            </p>
          )}
        </div>
        <TextField
          label="Text to speech"
          name="form_audio_sentence"
          value={sentenceLocked ? '' : sentence}
          error={errorOf('form_audio_sentence')}
          hint={sentenceLocked ? 'Remove the file to use text to speech instead.' : 'Or type a sentence to be spoken.'}
          onChange={(value) => {
            setSentence(value);
            touch('form_audio_sentence', 'form_file');
          }}
          disabled={saving || sentenceLocked}
        />
      </div>
    </Dialog>
  );
}

/** The stored file of an audio: a player and a download, both fetched with the admin header. */
function StoredAudio({ fileName, name }: { fileName: string; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);

  useEffect(() => {
    let live = true;
    let created: string | null = null;
    setState('loading');
    getAudioBlob(fileName).then(
      (blob) => {
        if (!live) return;
        if (objectUrlsAvailable()) {
          created = URL.createObjectURL(blob);
          setUrl(created);
        }
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [fileName]);

  async function download() {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      const blob = await downloadAudioBlob(fileName, name);
      if (objectUrlsAvailable()) {
        const href = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = href;
        link.download = `${name}.wav`;
        document.body.appendChild(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(href), 0);
      }
    } catch {
      setDownloadFailed(true);
    }
    setDownloading(false);
  }

  return (
    <div className="audio-player">
      {state === 'loading' && (
        <div className="section-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>Loading audio…</span>
        </div>
      )}
      {state === 'failed' && (
        <p role="alert" className="banner banner-error">
          {AUDIO_FAILED}
        </p>
      )}
      {state === 'ready' && url && (
        <audio controls src={url} aria-label={`Play ${name}`}>
          <a href={url} download={`${name}.wav`}>
            Download {name}
          </a>
        </audio>
      )}
      <button type="button" className="button" onClick={() => void download()} disabled={downloading}>
        {downloading ? 'Downloading…' : 'Download'}
      </button>
      {downloadFailed && (
        <p role="alert" className="field-error">
          {AUDIO_FAILED}
        </p>
      )}
    </div>
  );
}
