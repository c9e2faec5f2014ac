import { Dialog } from '../Dialog';
import { useLoader } from '../../lib/useLoader';
import { getDynamicDetails } from './dynamic/api';
import { DynamicPoolForm } from './dynamic/DynamicPoolForm';
import { getStaticDetails } from './static/api';
import { FORM_FAILED } from './static/messages';
import { StaticNumberForm } from './static/StaticNumberForm';

/** What the plan and usage page adds: a static number, a dynamic URL, or a pool on one. */
export type PurchaseForm = { kind: 'static' } | { kind: 'dynamic'; dynamicUrl: number };

export interface Added {
  /** The static number bought, or the pool's name. */
  name: string;
  kind: PurchaseForm['kind'];
}

function Loading({ failed }: { failed: boolean }) {
  return failed ? (
    <p role="alert" className="banner banner-error">
      {FORM_FAILED}
    </p>
  ) : (
    <p role="status">Loading…</p>
  );
}

function StaticBody({ onDone, onClose }: { onDone: (added: Added) => void; onClose: () => void }) {
  const [load] = useLoader(getStaticDetails);
  if (load.status !== 'ready') return <Loading failed={load.status === 'failed'} />;
  return <StaticNumberForm details={load.data} onDone={(name) => onDone({ name, kind: 'static' })} onCancel={onClose} />;
}

function DynamicBody({ dynamicUrl, onDone, onClose }: { dynamicUrl: number; onDone: (added: Added) => void; onClose: () => void }) {
  const [load] = useLoader(getDynamicDetails);
  if (load.status !== 'ready') return <Loading failed={load.status === 'failed'} />;
  return (
    <DynamicPoolForm
      details={load.data}
      dynamicUrl={dynamicUrl}
      onDone={(name) => onDone({ name, kind: 'dynamic' })}
      onCancel={onClose}
    />
  );
}

/** The static number form or the dynamic URL and pool form as a modal (the plan and usage page's plus buttons). */
export default function PurchaseFormDialog({
  form,
  onDone,
  onClose,
}: {
  form: PurchaseForm;
  onDone: (added: Added) => void;
  onClose: () => void;
}) {
  const title =
    form.kind === 'static' ? 'Add static numbers' : form.dynamicUrl > 0 ? 'Add dynamic pool' : 'Add dynamic URLs';
  return (
    <Dialog open title={title} onClose={onClose}>
      {form.kind === 'static' ? (
        <StaticBody onDone={onDone} onClose={onClose} />
      ) : (
        <DynamicBody dynamicUrl={form.dynamicUrl} onDone={onDone} onClose={onClose} />
      )}
    </Dialog>
  );
}
