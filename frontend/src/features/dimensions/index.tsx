import { type SectionProps } from '../../components/PageHeading';
import { DimensionsPage } from './components/DimensionsPage';

/** /customdimensions: the account's own fields on calls. */
export default function DimensionsSection({ title }: SectionProps) {
  return <DimensionsPage title={title} />;
}
