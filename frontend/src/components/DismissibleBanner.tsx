/** An error banner the user can close (spec: 'a dismissible banner on any failed call'). */
export function DismissibleBanner({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <div role="alert" className="banner banner-error banner-dismissible">
      <p>{text}</p>
      <button type="button" className="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
