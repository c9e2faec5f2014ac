import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { DialogActions } from '../../../components/DialogActions';
import { TextField } from '../../../components/fields';
import { validateSourcePair } from '../../../domain/sources';
import { fieldErrorsOf } from '../../../lib/api';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { saveSource } from './api';

/** Adds a source / medium pair, or renames one (`pair` given); `taken` the account's other pairs. */
export function PairDialog({
  open,
  pair,
  taken,
  onClose,
  onSaved,
}: {
  open: boolean;
  pair?: { id: number; source: string; medium: string };
  taken: [string, string][];
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const [source, setSource] = useState(pair?.source ?? '');
  const [medium, setMedium] = useState(pair?.medium ?? '');
  const { errorOf, setServerErrors } = useFieldMessages({});
  const [busy, setBusy] = useState(false);
  const title = pair ? 'Edit source / medium' : 'Add source / medium';

  async function submit() {
    const found = validateSourcePair({ source, medium }, taken);
    setServerErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = await saveSource({ id: pair?.id, source, medium });
      onSaved(saved.id);
    } catch (error) {
      setServerErrors(fieldErrorsOf(error) ?? { source: 'The source / medium could not be saved. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      actions={<DialogActions onCancel={onClose} submitLabel="Save" busyLabel="Saving…" busy={busy} />}
    >
      <TextField label="Source" value={source} onChange={setSource} error={errorOf('source')} hint="e.g. bing" />
      <TextField label="Medium" value={medium} onChange={setMedium} error={errorOf('medium')} hint="e.g. cpc" />
    </Dialog>
  );
}
