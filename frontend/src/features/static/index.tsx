import { LocationNotice } from '../../components/LocationNotice';
import { PageHeading, type SectionProps } from '../../components/PageHeading';

/** The campaigns pages are to come; a purchase that lands here says what it bought. */
export default function StaticSection({ title }: SectionProps) {
  return (
    <>
      <PageHeading title={title} />
      <LocationNotice />
    </>
  );
}
