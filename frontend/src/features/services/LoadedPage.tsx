import type { ReactNode } from 'react';
import { SectionLoading } from '../../app/sections';
import { PageHeading } from '../../components/PageHeading';
import { isPermissionError, PermissionError } from '../../components/PermissionError';
import type { Load } from '../../lib/useLoader';
import { FORM_FAILED } from './static/messages';

/** A services page: its title over its data's loading state, the permission error page when refused. */
export function LoadedPage<T>({ title, load, children }: { title: string; load: Load<T>; children: (data: T) => ReactNode }) {
  if (load.status === 'failed' && isPermissionError(load.error)) return <PermissionError />;
  return (
    <>
      <PageHeading title={title} />
      {load.status === 'loading' && <SectionLoading />}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {FORM_FAILED}
        </p>
      )}
      {load.status === 'ready' && children(load.data)}
    </>
  );
}
