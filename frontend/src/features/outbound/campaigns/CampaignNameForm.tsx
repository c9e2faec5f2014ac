import { NameForm } from '../../../components/records/NameForm';
import { validateOutboundCampaign } from '../../../domain/agents';
import { CAMPAIGN_FIELD, saveCampaign } from './api';

export const SAVE_FAILED = 'The campaign could not be saved. Try again later.';

/** A new campaign's name (campaign null), or a campaign's new name: checked by the domain as typed, by the server on save. */
export function CampaignNameForm({
  campaign,
  label = campaign ? `New name for ${campaign.name}` : 'New campaign',
  taken,
  onSaved,
  onCancel,
}: {
  campaign: { id: number; name: string } | null;
  label?: string;
  taken: string[];
  onSaved: (text: string) => void;
  onCancel?: () => void;
}) {
  return (
    <NameForm
      label={label}
      field={CAMPAIGN_FIELD}
      initial={campaign?.name ?? ''}
      validate={(name) => validateOutboundCampaign(name, taken)}
      save={async (name) => {
        await saveCampaign(campaign?.id ?? null, name.trim());
        return campaign ? `The campaign was renamed to '${name.trim()}'.` : `The campaign '${name.trim()}' was added.`;
      }}
      onSaved={onSaved}
      failedText={SAVE_FAILED}
      submitLabel={campaign ? 'Save' : 'Add campaign'}
      onCancel={onCancel}
    />
  );
}
