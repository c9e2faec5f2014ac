import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { SectionLoading } from '../../components/SectionLoading';
import type { SectionProps } from '../../components/PageHeading';
import { CallLogPage } from './components/CallLogPage';

// The dashboard's charts are a chunk of their own, fetched when the dashboard is opened.
const DashboardPage = lazy(() => import('./dashboard/index.tsx').then((m) => ({ default: m.DashboardPage })));
// So is the ad spend page.
const SpendPage = lazy(() => import('./costs/SpendPage').then((m) => ({ default: m.SpendPage })));
// And a group account's clinics page.
const ClinicsPage = lazy(() => import('./clinics/ClinicsPage').then((m) => ({ default: m.ClinicsPage })));

export default function ReportsSection({ title }: SectionProps) {
  const { pathname } = useLocation();
  const page = pathname.replace(/\/+$/, '');
  if (page.endsWith('/reports/dashboard'))
    return (
      <Suspense fallback={<SectionLoading />}>
        <DashboardPage title={title} />
      </Suspense>
    );
  if (page.endsWith('/reports/spend'))
    return (
      <Suspense fallback={<SectionLoading />}>
        <SpendPage title={title} />
      </Suspense>
    );
  if (page.endsWith('/reports/clinics'))
    return (
      <Suspense fallback={<SectionLoading />}>
        <ClinicsPage title={title} />
      </Suspense>
    );
  return <CallLogPage title={title} />;
}
