import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { CategoriesPage } from './components/CategoriesPage';
import { ScoresPage } from './components/ScoresPage';
import { TagsPage } from './components/tags/TagsPage';

/**
 * /scores: scorecards and lead scoring rules; /categories: the call categories with their calls;
 * /tags: the tags every call can carry, and their rules.
 */
export default function ScoringSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/scores') return <ScoresPage title={title} />;
  if (page === '/categories') return <CategoriesPage title={title} />;
  if (page === '/tags') return <TagsPage title={title} />;
  return <PageHeading title={title} />;
}
