/** A button's text, with the integration's title for screen readers when several share it. */
export function ActionLabel({ text, title }: { text: string; title?: string }) {
  return (
    <>
      {text}
      {title && (
        <>
          {' '}
          <span className="visually-hidden">{title}</span>
        </>
      )}
    </>
  );
}

export function NewWindowNote() {
  return (
    <>
      {' '}
      <span className="visually-hidden">(opens in a new window)</span>
    </>
  );
}
