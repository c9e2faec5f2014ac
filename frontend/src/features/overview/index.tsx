import type { SectionProps } from '../../components/PageHeading';
import { OverviewPage } from './components/OverviewPage';

export default function OverviewSection({ title }: SectionProps) {
  return <OverviewPage title={title} />;
}
