import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { validateVoicemail } from '../../../domain/routing';
import { type VoicemailForm } from '../../../domain';
import { useLoader } from '../../../lib/useLoader';
import { getVoicemail, storeVoicemail, updateVoicemail } from '../api/editors';
import { AudioSelector } from '../selectors/AudioSelector';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { EditorActions } from './EditorActions';
import { RecordHistoryLink } from './RecordHistoryLink';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { useEditorForm } from './useEditorForm';

export interface VoicemailDialogProps {
  open: boolean;
  /** The voicemail to edit; 0 adds a new one. */
  id: number;
  onClose: () => void;
  /** After a save, with the voicemail's id; the voicemail list has reloaded. */
  onSaved: (id: number) => void;
}

const KNOWN = new Set(['description', 'audioId']);
const known = (key: string) => KNOWN.has(key);

/** 'Edit voicemail' / 'Add voicemail': a name and the greeting played before the beep. */
export function VoicemailDialog(props: VoicemailDialogProps) {
  if (!props.open) return null;
  return <VoicemailLoader key={props.id} {...props} />;
}

function VoicemailLoader(props: VoicemailDialogProps) {
  const { id, onClose } = props;
  const [load] = useLoader(id > 0 ? () => getVoicemail(id) : null, [id]);
  if (id === 0) return <VoicemailEditor {...props} initial={{ description: '', audioId: 0 }} />;
  if (load.status !== 'ready') {
    return <EditorLoadState title="Edit voicemail" failed={load.status === 'failed'} onClose={onClose} />;
  }
  return <VoicemailEditor {...props} initial={load.data} />;
}

function VoicemailEditor({ id, initial, onClose, onSaved }: VoicemailDialogProps & { initial: VoicemailForm }) {
  const library = useRoutingLibrary();
  const { content, form, change, errorOf, unplaced, busy, failure, save } = useEditorForm({ noun: 'Voicemail',
    initial,
    validate: validateVoicemail,
    id,
    known,
  });

  function submit() {
    void save(
      id ? 'update' : 'save',
      async () => {
        const savedId = id
          ? await updateVoicemail(id, form.description, form.audioId)
          : await storeVoicemail(form.description, form.audioId);
        await library.reloadVoicemails();
        return savedId;
      },
      { done: onSaved },
    );
  }

  return (
    <Dialog
      open
      title={id ? 'Edit voicemail' : 'Add voicemail'}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      actions={<EditorActions existing={Boolean(id)} saving={busy} onCancel={onClose} />}
    >
      <div ref={content}>
        <RecordHistoryLink kind="voicemail" id={id} />
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="description"
          value={form.description}
          error={errorOf('description')}
          onChange={(description) => change({ description }, 'description')}
          disabled={busy}
        />
        <AudioSelector
          label="Greeting audio"
          name="audioId"
          value={form.audioId}
          error={errorOf('audioId')}
          onChange={(audioId) => change({ audioId }, 'audioId')}
          disabled={busy}
        />
      </div>
    </Dialog>
  );
}
