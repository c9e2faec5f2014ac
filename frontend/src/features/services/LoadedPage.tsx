import type { ReactNode } from 'react';
import { LoadedPage as Page } from '../../components/LoadedPage';
import type { Load } from '../../lib/useLoader';
import { FORM_FAILED } from '../../components/purchase/static/messages';

/** A services page: the shared loaded-page frame with the services' failure message. */
export function LoadedPage<T>({ title, load, children }: { title: string; load: Load<T>; children: (data: T) => ReactNode }) {
  return (
    <Page title={title} load={load} failedText={FORM_FAILED}>
      {children}
    </Page>
  );
}
