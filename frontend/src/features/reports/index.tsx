import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { SectionLoading } from '../../components/SectionLoading';
import type { SectionProps } from '../../components/PageHeading';
import { CallLogPage } from './components/CallLogPage';

// The dashboard's charts are a chunk of their own, fetched when the dashboard is opened.
const DashboardPage = lazy(() => import('./dashboard/index.tsx').then((m) => ({ default: m.DashboardPage })));
// So is the ad spend page.
const SpendPage = lazy(() => import('./costs/SpendPage').then((m) => ({ default: m.SpendPage })));

export default function ReportsSection({ title }: SectionProps) {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '').endsWith('/reports/dashboard'))
    return (
      <Suspense fallback={<SectionLoading />}>
        <DashboardPage title={title} />
      </Suspense>
    );
  if (pathname.replace(/\/+$/, '').endsWith('/reports/spend'))
    return (
      <Suspense fallback={<SectionLoading />}>
        <SpendPage title={title} />
      </Suspense>
    );
  return <CallLogPage title={title} />;
}
