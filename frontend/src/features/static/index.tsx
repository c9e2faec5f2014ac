import { useLocation } from 'react-router';
import type { SectionProps } from '../../components/PageHeading';
import { CampaignNumbersPage } from './CampaignNumbersPage';
import { CampaignsPage } from './CampaignsPage';
import { NumberPage } from './NumberPage';
import { NumbersPage } from './NumbersPage';

/**
 * /campaigns the campaigns, /campaigns/{id} a campaign's numbers, /campaigns/{id}/number/{canuId}
 * and /numbers/{id} one number, /numbers every tracked number.
 */
export default function StaticSection({ title }: SectionProps) {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const number = /\/(?:campaigns\/\d+\/number|numbers)\/(\d+)$/.exec(path);
  if (number) return <NumberPage key={number[1]} id={Number(number[1])} title={title} />;
  const campaign = /\/campaigns\/(\d+)$/.exec(path);
  if (campaign) return <CampaignNumbersPage key={campaign[1]} id={Number(campaign[1])} />;
  if (path.endsWith('/numbers')) return <NumbersPage title={title} />;
  return <CampaignsPage title={title} />;
}
