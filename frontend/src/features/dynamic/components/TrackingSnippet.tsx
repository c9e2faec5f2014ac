import { useState } from 'react';
import { trackingSnippet } from '../../../domain/pages';

/** The script tag for the dynamic URL's website, read-only, with a Copy button. */
export function TrackingSnippet({ reference }: { reference: string }) {
  const snippet = trackingSnippet(window.location.origin, reference);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div className="tracking-snippet">
      <h3>Tracking code</h3>
      <p>Put this code on every page of the website, just before the closing &lt;/body&gt; tag.</p>
      <pre tabIndex={0}>
        <code>{snippet}</code>
      </pre>
      <div className="form-actions">
        <span role="status" aria-live="polite">
          {copied === 'yes' && 'Copied.'}
          {copied === 'failed' && 'The code could not be copied. Select it and copy it yourself.'}
        </span>
        <button type="button" className="button button-primary" onClick={() => void copy()}>
          Copy
        </button>
      </div>
    </div>
  );
}
