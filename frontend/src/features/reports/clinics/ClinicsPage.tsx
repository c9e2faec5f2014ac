import { useSearchParams } from 'react-router';
import { PageHeading, type SectionProps } from '../../../components/PageHeading';
import { isPermissionError, PermissionError } from '../../../components/PermissionError';
import { SectionLoading } from '../../../components/SectionLoading';
import { validationErrors } from '../../../lib/api';
import { formatDay } from '../../../lib/dates';
import { useLoader } from '../../../lib/useLoader';
import { ReportsTabs } from '../components/ReportsTabs';
import { periodQuery } from '../dashboard/period';
import { PeriodPicker } from '../dashboard/PeriodPicker';
import { getGroupDashboard, type ClinicFigures } from './api';
import { ClinicTable } from './ClinicTable';
import './clinics.css';
import { GroupCalls } from './GroupCalls';
import { useOpenClinic } from './useOpenClinic';

export const FIGURES_FAILED = "The clinics' totals could not be loaded.";

/**
 * A group account's member clinics: each clinic's dashboard totals for the period with the
 * group's sum, one call log across them, and a way into each clinic (as the account switcher).
 */
export function ClinicsPage({ title }: SectionProps) {
  const [params] = useSearchParams();
  const period = periodQuery(params);
  const [load, reload] = useLoader(period === null ? null : () => getGroupDashboard(period), [period]);
  const opening = useOpenClinic();
  if (load.status === 'failed' && isPermissionError(load.error)) return <PermissionError />;
  const fieldErrors = load.status === 'failed' ? validationErrors(load.error) : null;
  const periodError = fieldErrors ? (fieldErrors.from ?? fieldErrors.preset ?? Object.values(fieldErrors)[0] ?? null) : null;
  const openClinic = (clinic: ClinicFigures) =>
    void opening.open(clinic, period ? `/reports?${period}` : '/reports', `Switched to ${clinic.name}: its call log.`);
  return (
    <>
      <PageHeading title={title} />
      <ReportsTabs />
      <PeriodPicker key={params.get('preset') ?? ''} error={periodError} />
      {opening.failed && (
        <p role="alert" className="banner banner-error">
          {opening.failed}
        </p>
      )}
      <section className="clinic-totals" aria-labelledby="clinic-totals-heading">
        <h2 id="clinic-totals-heading">Totals by clinic</h2>
        {load.status === 'loading' && period !== null && <SectionLoading />}
        {load.status === 'failed' && !fieldErrors && (
          <div role="alert" className="banner banner-error">
            {FIGURES_FAILED}{' '}
            <button type="button" className="button" onClick={() => void reload()}>
              Try again
            </button>
          </div>
        )}
        {fieldErrors && (
          <p role="alert" className="banner banner-error">
            {periodError}
          </p>
        )}
        {load.status === 'ready' && (
          <>
            <p className="clinic-range">{`${formatDay(load.data.firstDay)} to ${formatDay(load.data.lastDay)}`}</p>
            <ClinicTable clinics={load.data.clinics} total={load.data.total} onOpen={openClinic} busy={opening.busy} />
          </>
        )}
      </section>
      <GroupCalls period={period} opening={opening} />
    </>
  );
}
