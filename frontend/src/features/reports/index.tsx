import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { SectionLoading } from '../../components/SectionLoading';
import type { SectionProps } from '../../components/PageHeading';
import { CallLogPage } from './components/CallLogPage';
import { SpendPage } from './costs/SpendPage';

// The dashboard's charts are a chunk of their own, fetched when the dashboard is opened.
const DashboardPage = lazy(() => import('./dashboard/index.tsx').then((m) => ({ default: m.DashboardPage })));

export default function ReportsSection({ title }: SectionProps) {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '').endsWith('/reports/dashboard'))
    return (
      <Suspense fallback={<SectionLoading />}>
        <DashboardPage title={title} />
      </Suspense>
    );
  if (pathname.replace(/\/+$/, '').endsWith('/reports/spend')) return <SpendPage title={title} />;
  return <CallLogPage title={title} />;
}
