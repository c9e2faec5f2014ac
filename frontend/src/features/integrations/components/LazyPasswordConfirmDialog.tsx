import { lazy, Suspense } from 'react';
import type { PasswordConfirmDialogProps } from '../../../components/PasswordConfirmDialog';

// Loaded when first opened: it brings the form rules (the large wasm module) with it.
const PasswordConfirmDialog = lazy(() =>
  import('../../../components/PasswordConfirmDialog').then((m) => ({ default: m.PasswordConfirmDialog })),
);

export function LazyPasswordConfirmDialog(props: PasswordConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <PasswordConfirmDialog {...props} />
    </Suspense>
  );
}
