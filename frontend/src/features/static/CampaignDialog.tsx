import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { TextField } from '../../components/fields';
import { validateInlineAdd } from '../../domain/services';
import { validationErrors } from '../../lib/api';
import { useFieldMessages } from '../../lib/useFieldMessages';
import { insertCampaign, renameCampaign } from './api';
import { ACTION_FAILED } from './messages';

/**
 * Adds a campaign (campaign null) or renames one, with the inline-add rules (required, at most
 * 1,000 characters, unique among `taken`); the server's message shows under the field.
 */
export function CampaignDialog({
  campaign,
  taken,
  onSaved,
  onClose,
}: {
  campaign: { id: number; description: string } | null;
  taken: string[];
  onSaved: (saved: { id: number; description: string }) => void;
  onClose: () => void;
}) {
  const [description, setDescription] = useState(campaign?.description ?? '');
  const [saving, setSaving] = useState(false);
  const others = campaign ? taken.filter((t) => t !== campaign.description) : taken;
  const errors = validateInlineAdd('campaign', description, others);
  const { errorOf, left, changed, showAllErrors, setServerErrors } = useFieldMessages(errors);

  async function save() {
    showAllErrors();
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setServerErrors({});
    const text = description.trim();
    try {
      if (campaign) {
        const answer = await renameCampaign(campaign.id, text);
        onSaved({ id: answer.id, description: answer.description });
      } else {
        const { id } = await insertCampaign(text);
        onSaved({ id, description: text });
      }
    } catch (caught) {
      const fields = validationErrors(caught);
      setServerErrors({ campaign: fields?.campaign ?? fields?.id ?? ACTION_FAILED });
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      title={campaign ? 'Rename campaign' : 'Add campaign'}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<DialogActions onCancel={onClose} submitLabel="Save" busyLabel="Saving…" busy={saving} />}
    >
      <TextField
        label="Campaign name"
        name="campaign"
        value={description}
        onChange={(value) => {
          setDescription(value);
          changed('campaign');
        }}
        onBlur={() => left('campaign')}
        error={errorOf('campaign')}
        disabled={saving}
      />
    </Dialog>
  );
}
