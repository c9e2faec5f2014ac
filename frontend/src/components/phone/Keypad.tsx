export const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/** The telephone keypad: each key pressed is sent down the call as a tone. */
export function Keypad({ disabled, sent, onKey }: { disabled: boolean; sent: string; onKey: (key: string) => void }) {
  return (
    <div className="phone-keypad-area">
      <div role="group" aria-label="Keypad" className="phone-keypad">
        {KEYS.map((key) => (
          <button key={key} type="button" className="phone-key" disabled={disabled} onClick={() => onKey(key)}>
            {key}
          </button>
        ))}
      </div>
      <p className="phone-keys-sent">Keys sent: {sent || '—'}</p>
    </div>
  );
}
