import { lazy, Suspense } from 'react';

// Loaded when first opened (it brings the routing rules with it).
const TagManagerDialog = lazy(() =>
  import('../../../components/tagManager/TagManagerDialog').then((m) => ({ default: m.TagManagerDialog })),
);

export function LazyTagManagerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <TagManagerDialog open onClose={onClose} />
    </Suspense>
  );
}
