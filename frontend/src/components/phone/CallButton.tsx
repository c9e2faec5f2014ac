/** The phone forms' last lines: why the call could not start, and the button that starts it. */
export function CallButton({ failure, busy }: { failure: string | null; busy: boolean }) {
  return (
    <>
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Calling…' : 'Call'}
      </button>
    </>
  );
}
