import { useLoader } from '../../lib/useLoader';
import { Dialog } from '../Dialog';
import { SectionLoading } from '../SectionLoading';
import { getPlanScopes } from './api';
import { PlanComparisonTable } from './PlanComparison';

/** The plan comparison modal: every feature by category, a column per plan. */
export function PlanComparisonDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [load] = useLoader(open ? getPlanScopes : null, [open]);
  return (
    <Dialog
      open={open}
      title="Compare plans"
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {load.status === 'loading' && (
        <SectionLoading />
      )}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          Something went wrong.
        </p>
      )}
      {load.status === 'ready' && <PlanComparisonTable plans={load.data} />}
    </Dialog>
  );
}
