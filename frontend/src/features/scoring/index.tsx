import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { CategoriesPage } from './components/CategoriesPage';
import { ScoresPage } from './components/ScoresPage';

/** /scores: scorecards and lead scoring rules; /categories: the call categories with their calls. */
export default function ScoringSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/scores') return <ScoresPage title={title} />;
  if (page === '/categories') return <CategoriesPage title={title} />;
  return <PageHeading title={title} />;
}
