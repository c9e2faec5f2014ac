import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { SelectField } from '../../components/fields';
import { validationErrors } from '../../lib/api';
import { moveNumbers, type ListItem } from './api';
import { ACTION_FAILED, plural } from './messages';

/** Moves the chosen numbers to another campaign. */
export function MoveDialog({
  ids,
  campaigns,
  currentCampaign,
  onMoved,
  onClose,
}: {
  ids: number[];
  campaigns: ListItem[];
  currentCampaign: number;
  onMoved: (text: string, campaign: number) => void;
  onClose: () => void;
}) {
  const [campaign, setCampaign] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      const answer = await moveNumbers(ids, Number(campaign) || 0);
      onMoved(`${plural(answer.moved, 'number')} moved to '${answer.campaign}'.`, Number(campaign));
    } catch (caught) {
      const fields = validationErrors(caught);
      setError(fields?.campaign ?? fields?.ids ?? ACTION_FAILED);
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      title="Move to another campaign"
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<DialogActions onCancel={onClose} submitLabel="Move" busyLabel="Moving…" busy={saving} />}
    >
      <p>{`${plural(ids.length, 'number')} selected.`}</p>
      <SelectField
        label="Campaign"
        name="campaign"
        value={campaign}
        placeholder="Choose a campaign"
        options={campaigns
          .filter((c) => c.id !== currentCampaign)
          .map((c) => ({ value: String(c.id), label: c.description }))}
        onChange={(value) => {
          setCampaign(value);
          setError(null);
        }}
        error={error}
        disabled={saving}
      />
    </Dialog>
  );
}
