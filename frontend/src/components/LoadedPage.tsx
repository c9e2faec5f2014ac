import type { ReactNode } from 'react';
import { SectionLoading } from './SectionLoading';
import type { Load } from '../lib/useLoader';
import { PageHeading } from './PageHeading';
import { isPermissionError, PermissionError } from './PermissionError';

/**
 * A page built from one load: its title over the loading state, the failure message, or the
 * page itself; the permission error page when the server refuses the data.
 */
export function LoadedPage<T>({
  title,
  load,
  failedText,
  children,
}: {
  title: string;
  load: Load<T>;
  failedText: string;
  children: (data: T) => ReactNode;
}) {
  if (load.status === 'failed' && isPermissionError(load.error)) return <PermissionError />;
  return (
    <>
      <PageHeading title={title} />
      {load.status === 'loading' && <SectionLoading />}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {failedText}
        </p>
      )}
      {load.status === 'ready' && children(load.data)}
    </>
  );
}
