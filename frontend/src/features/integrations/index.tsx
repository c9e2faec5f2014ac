import type { SectionProps } from '../../components/PageHeading';
import { IntegrationPage } from './components/IntegrationPage';

export default function IntegrationsSection({ title }: SectionProps) {
  return <IntegrationPage title={title} />;
}
