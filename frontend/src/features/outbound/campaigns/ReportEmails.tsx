import { useState } from 'react';
import { CheckboxField } from '../../../components/fields';
import type { Outcome } from '../../../components/ResultBanner';
import { saveReportEmails, type CampaignsPageData, type ReportEmails as Emails } from './api';

export const EMAILS_FAILED = 'The report emails could not be saved. Try again later.';

/** The outbound report emails the account offers its users (the user form's daily, weekly and monthly boxes). */
export function ReportEmails({ data, onOutcome }: { data: CampaignsPageData; onOutcome: (outcome: Outcome) => void }) {
  const [emails, setEmails] = useState<Emails>({
    daily: data.outboundDailyEnabled,
    weekly: data.outboundWeeklyEnabled,
    monthly: data.outboundMonthlyEnabled,
  });
  const [saving, setSaving] = useState(false);
  const box = (key: keyof Emails, label: string) => (
    <CheckboxField
      label={label}
      name={`outbound${key[0].toUpperCase()}${key.slice(1)}Enabled`}
      checked={emails[key]}
      disabled={!data.canEdit || saving}
      onChange={(checked) => setEmails({ ...emails, [key]: checked })}
    />
  );

  async function save() {
    setSaving(true);
    try {
      await saveReportEmails(emails);
      onOutcome({ kind: 'success', text: 'The report emails were saved.' });
    } catch {
      onOutcome({ kind: 'error', text: EMAILS_FAILED });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card" aria-labelledby="report-emails">
      <h2 id="report-emails" className="card-heading">
        Outbound report emails
      </h2>
      <form
        aria-label="Outbound report emails"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p>The reports your users may choose to receive by email on their user form.</p>
        {box('daily', 'Daily report')}
        {box('weekly', 'Weekly report')}
        {box('monthly', 'Monthly report')}
        {data.canEdit && (
          <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
            Save report emails
          </button>
        )}
      </form>
    </section>
  );
}
