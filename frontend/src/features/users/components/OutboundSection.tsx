import { useId, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { CheckboxField, SelectField, TextField } from '../../../components/fields';
import { withContact } from '../../../lib/contact';
import type { OutboundCampaign, OutboundService } from '../api/types';
import { AddCampaignDialog } from './AddCampaignDialog';
import { OutboundServiceDialog } from './OutboundServiceDialog';
import type { FormValues, ReportEmail } from './userFormState';

export const TURN_OFF_OUTBOUND = withContact(
  'To turn off Outbound, please contact us at {phone} or via email at {email}.',
);

const REPORT_EMAILS: [ReportEmail, string][] = [
  ['emailDaily', 'Daily report email'],
  ['emailWeekly', 'Weekly report email'],
  ['emailMonthly', 'Monthly report email'],
];

export interface OutboundSectionProps {
  values: FormValues;
  onChange: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
  onBlur: (key: keyof FormValues) => void;
  errorOf: (key: keyof FormValues) => string | undefined;
  /** The user has outbound on the server: turning it off is not self-service. */
  outboundOnServer: boolean;
  existingUserId: string | null;
  /** Why outbound cannot be turned on now (the form rules' answer), or null. */
  enableRefusal: () => string | null;
  onEnabled: (service: OutboundService) => void;
  onDisabled: () => void;
  campaigns: OutboundCampaign[];
  onCampaignAdded: (campaign: OutboundCampaign) => void;
  reportEmailsEnabled: Record<ReportEmail, boolean>;
  /** The user's outbound settings are shown but not the editor's to change. */
  readOnly: boolean;
}

export function OutboundSection({
  values,
  onChange,
  onBlur,
  errorOf,
  outboundOnServer,
  existingUserId,
  enableRefusal,
  onEnabled,
  onDisabled,
  campaigns,
  onCampaignAdded,
  reportEmailsEnabled,
  readOnly,
}: OutboundSectionProps) {
  const headingId = useId();
  const [offerOpen, setOfferOpen] = useState(false);
  const [turnOffOpen, setTurnOffOpen] = useState(false);
  const [addCampaignOpen, setAddCampaignOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  function toggle(on: boolean) {
    setRefusal(null);
    if (on) {
      const message = enableRefusal();
      if (message) setRefusal(message);
      else setOfferOpen(true);
    } else if (outboundOnServer) {
      setTurnOffOpen(true);
    } else {
      onDisabled();
    }
  }

  return (
    <section className="card form-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Outbound</h2>
      <CheckboxField
        label="Outbound access"
        name="hasAccessToNewOutbound"
        switchRole
        checked={values.hasAccessToNewOutbound}
        disabled={readOnly}
        onChange={toggle}
        error={refusal ?? errorOf('hasAccessToNewOutbound')}
      />
      {values.hasAccessToNewOutbound && (
        <>
          <div className="field-with-action">
            <SelectField
              label="Campaign"
              name="form_outbound_campaign"
              value={values.outboundCampaign}
              placeholder="No campaign"
              options={campaigns.map((c) => ({ value: String(c.val), label: c.name }))}
              disabled={readOnly}
              onChange={(value) => onChange('outboundCampaign', value)}
              error={errorOf('outboundCampaign')}
            />
            <button type="button" className="button" disabled={readOnly} onClick={() => setAddCampaignOpen(true)}>
              Add campaign
            </button>
          </div>
          <TextField
            label="Outbound number"
            name="form_user_outbound_number"
            type="tel"
            inputMode="numeric"
            value={values.outboundNumber}
            readOnly={readOnly}
            onChange={(value) => onChange('outboundNumber', value)}
            onBlur={() => onBlur('outboundNumber')}
            error={errorOf('outboundNumber')}
          />
          <CheckboxField
            label="CLI restricted"
            name="form_customer_restrict_cli"
            checked={values.cliRestricted}
            disabled={readOnly}
            onChange={(checked) => onChange('cliRestricted', checked)}
          />
          <CheckboxField
            label="Auto dial"
            name="form_new_outbound_auto_dial"
            checked={values.autoDial}
            disabled={readOnly}
            onChange={(checked) => onChange('autoDial', checked)}
          />
          <fieldset className="field-group">
            <legend>Report emails</legend>
            {REPORT_EMAILS.map(([key, label]) => (
              <CheckboxField
                key={key}
                label={label}
                checked={reportEmailsEnabled[key] && values[key]}
                disabled={readOnly || !reportEmailsEnabled[key]}
                onChange={(checked) => onChange(key, checked)}
              />
            ))}
          </fieldset>
        </>
      )}
      <OutboundServiceDialog
        open={offerOpen}
        existingUserId={existingUserId}
        onClose={() => setOfferOpen(false)}
        onAccepted={(service) => {
          setOfferOpen(false);
          onEnabled(service);
        }}
      />
      <Dialog
        open={turnOffOpen}
        title="Turn off Outbound"
        onClose={() => setTurnOffOpen(false)}
        actions={
          <button type="button" className="button" onClick={() => setTurnOffOpen(false)}>
            Close
          </button>
        }
      >
        <p>{TURN_OFF_OUTBOUND}</p>
      </Dialog>
      <AddCampaignDialog
        open={addCampaignOpen}
        onClose={() => setAddCampaignOpen(false)}
        onAdded={(campaign) => {
          setAddCampaignOpen(false);
          onCampaignAdded(campaign);
        }}
      />
    </section>
  );
}
