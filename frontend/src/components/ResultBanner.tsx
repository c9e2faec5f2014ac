/** What a save or an action came to, told above the form. */
export type Outcome = { kind: 'success' | 'error'; text: string };

/** The outcome as a banner: an alert when it failed, a status when it worked; nothing before. */
export function ResultBanner({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <p role={outcome.kind === 'error' ? 'alert' : 'status'} className={`banner banner-${outcome.kind}`}>
      {outcome.text}
    </p>
  );
}
