import { useMemo, useRef, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { validateVoicemail, type VoicemailForm } from '../../../domain';
import { useLoader } from '../../../lib/useLoader';
import { getVoicemail, storeVoicemail, updateVoicemail } from '../api/editors';
import { AudioSelector } from '../selectors/AudioSelector';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { EditorActions } from './EditorActions';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { SOMETHING_WENT_WRONG } from './messages';
import { useFormErrors } from './useFormErrors';

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
  const content = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<VoicemailForm>(initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = useMemo(() => validateVoicemail(form), [form]);
  const { errorOf, touch, refuseSave, showSaveErrors, unplaced } = useFormErrors(errors, known);

  async function save() {
    if (saving) return;
    setFailure(null);
    if (refuseSave(content.current)) return;
    setSaving(true);
    try {
      const savedId = id
        ? await updateVoicemail(id, form.description, form.audioId)
        : await storeVoicemail(form.description, form.audioId);
      await library.reloadVoicemails();
      setSaving(false);
      onSaved(savedId);
    } catch (error) {
      if (!showSaveErrors(error, content.current)) setFailure(SOMETHING_WENT_WRONG);
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      title={id ? 'Edit voicemail' : 'Add voicemail'}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<EditorActions existing={Boolean(id)} saving={saving} onCancel={onClose} />}
    >
      <div ref={content}>
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="description"
          value={form.description}
          error={errorOf('description')}
          onChange={(description) => {
            setForm((current) => ({ ...current, description }));
            touch('description');
          }}
          disabled={saving}
        />
        <AudioSelector
          label="Greeting audio"
          name="audioId"
          value={form.audioId}
          error={errorOf('audioId')}
          onChange={(audioId) => {
            setForm((current) => ({ ...current, audioId }));
            touch('audioId');
          }}
          disabled={saving}
        />
      </div>
    </Dialog>
  );
}
