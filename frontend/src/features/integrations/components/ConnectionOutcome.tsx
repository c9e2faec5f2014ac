import { useSearchParams } from 'react-router';

/** The message after the provider's consent page sent the browser back (?connected=1 or ?error=denied). */
export function ConnectionOutcome({ title }: { title: string }) {
  const [params] = useSearchParams();
  if (params.get('connected') === '1') {
    return (
      <p role="status" className="banner banner-success">
        {title} connected.
      </p>
    );
  }
  if (params.get('error') !== null) {
    return (
      <p role="status" className="banner banner-warning">
        {title} was not connected.
      </p>
    );
  }
  return null;
}
