import { VoicemailDialog } from '../editors/VoicemailDialog';
import type { SelectorProps } from './LibrarySelect';
import { LibrarySelector } from './LibrarySelector';

/** A voicemail box. */
export function VoicemailSelector(props: SelectorProps) {
  return (
    <LibrarySelector
      noneLabel="Select a voicemail"
      {...props}
      list="voicemails"
      noun="voicemail"
      reload="reloadVoicemails"
      dialog={VoicemailDialog}
    />
  );
}
