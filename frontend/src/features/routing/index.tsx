import './routing.css';
import { useLocation } from 'react-router';
import type { SectionProps } from '../../components/PageHeading';
import { AdvancedConnect } from './pages/AdvancedConnect';
import { AudioList } from './pages/AudioList';
import { BasicConnect } from './pages/BasicConnect';
import { IvrList } from './pages/IvrList';
import { RoutingHistory } from './pages/RoutingHistory';
import { RoutingList } from './pages/RoutingList';

/**
 * /routing is the list of numbers and pools; /routing/numbers the basic connect page,
 * /routing/numbers/advanced the advanced one, /routing/audio the audio list, /routing/ivrs the IVRs
 * and /routing/history the routing history.
 */
export default function RoutingSection({ title }: SectionProps) {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path.endsWith('/routing/numbers/advanced')) return <AdvancedConnect title={title} />;
  if (path.endsWith('/routing/numbers')) return <BasicConnect title={title} />;
  if (path.endsWith('/routing/audio')) return <AudioList title={title} />;
  if (path.endsWith('/routing/ivrs')) return <IvrList title={title} />;
  if (path.endsWith('/routing/history')) return <RoutingHistory title={title} />;
  return <RoutingList title={title} />;
}
