import { useEffect, useState } from 'react';
import { useSnackbar } from '../../../components/Snackbar';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { addOutboundCampaign } from '../api/addOutboundCampaign';
import type { OutboundCampaign } from '../api/types';
import { OUTBOUND_SAVE_FAILED } from './OutboundServiceDialog';

export function AddCampaignDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (campaign: OutboundCampaign) => void;
}) {
  const notify = useSnackbar();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setName('');
      setFailure(null);
      setSaving(false);
    }
  }, [open]);

  async function save() {
    if (saving || name.trim() === '') return;
    setSaving(true);
    setFailure(null);
    try {
      const campaign = await addOutboundCampaign(name.trim());
      setSaving(false);
      notify(`Outbound campaign '${name.trim()}' added and chosen.`);
      onAdded(campaign);
    } catch {
      setSaving(false);
      setFailure(OUTBOUND_SAVE_FAILED);
    }
  }

  return (
    <Dialog
      open={open}
      title="Add campaign"
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={saving || name.trim() === ''}>
            Add
          </button>
        </>
      }
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <TextField label="Campaign name" value={name} onChange={setName} disabled={saving} />
    </Dialog>
  );
}
