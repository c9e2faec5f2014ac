import { useId } from 'react';
import { CheckboxField } from '../../../components/fields';
import type { UserDetails } from '../api/types';
import type { FormValues, SummaryEmail } from './userFormState';

export const SUMMARIES_NEED_REPORTS =
  'Call summaries go only to users with the Reports permission on their home account.';

export const SUMMARY_EMAILS: [SummaryEmail, string][] = [
  ['summaryDaily', 'Daily call summary'],
  ['summaryWeekly', 'Weekly call summary (Mondays)'],
  ['summaryMonthly', 'Monthly call summary (on the 1st)'],
];

export interface SummaryEmailsSectionProps {
  values: FormValues;
  onChange: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
  enabled: Record<SummaryEmail, boolean>;
  readOnly: boolean;
}

export function SummaryEmailsSection({ values, onChange, enabled, readOnly }: SummaryEmailsSectionProps) {
  const headingId = useId();
  const offered = SUMMARY_EMAILS.some(([key]) => enabled[key]);
  return (
    <section className="card form-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Call summary emails</h2>
      <fieldset className="field-group">
        <legend>Calls by source and answered or missed, for the user's home account</legend>
        {SUMMARY_EMAILS.map(([key, label]) => (
          <CheckboxField
            key={key}
            label={label}
            checked={enabled[key] && values[key]}
            disabled={readOnly || !enabled[key]}
            onChange={(checked) => onChange(key, checked)}
          />
        ))}
      </fieldset>
      {!offered && <p className="field-hint">{SUMMARIES_NEED_REPORTS}</p>}
    </section>
  );
}

/** Which summaries the server offers this user (it keeps them only with the Reports permission). */
export function summariesEnabled({ user }: UserDetails): Record<SummaryEmail, boolean> {
  return {
    summaryDaily: Boolean(user.summaryDaily?.enabled),
    summaryWeekly: Boolean(user.summaryWeekly?.enabled),
    summaryMonthly: Boolean(user.summaryMonthly?.enabled),
  };
}
