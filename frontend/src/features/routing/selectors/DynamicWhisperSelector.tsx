import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { DYNAMIC_WHISPERS_UNAVAILABLE, nothing } from './unavailable';

/** The dynamic whisper of a pool: only 'None' until dynamic whispers arrive. */
export function DynamicWhisperSelector(props: SelectorProps) {
  return (
    <LibrarySelect
      noneLabel="None"
      {...props}
      noun="dynamic whisper"
      options={[]}
      status="ready"
      onRetry={nothing}
      onAdd={nothing}
      onEdit={nothing}
      unavailable={DYNAMIC_WHISPERS_UNAVAILABLE}
    />
  );
}
