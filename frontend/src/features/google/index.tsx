import type { SectionProps } from '../../components/PageHeading';
import { IntegrationPage } from '../integrations/components/IntegrationPage';

export default function GoogleSection({ title }: SectionProps) {
  return <IntegrationPage title={title} />;
}
