/** The spinner and what is loading ('Loading…' unless told). */
export function SectionLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="section-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
