import { PageHeading } from '../../components/PageHeading';
import { isPermissionError, PermissionError } from '../../components/PermissionError';
import { LOAD_FAILED } from './messages';

/** A list page whose first page failed: the permission page on a 403, else the failure. */
export function FailedPage({ title, error }: { title: string; error?: unknown }) {
  if (error !== undefined && isPermissionError(error)) return <PermissionError />;
  return (
    <>
      <PageHeading title={title} />
      <p role="alert" className="banner banner-error">
        {LOAD_FAILED}
      </p>
    </>
  );
}
