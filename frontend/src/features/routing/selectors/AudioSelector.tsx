import { AudioDialog } from '../editors/AudioDialog';
import type { SelectorProps } from './LibrarySelect';
import { LibrarySelector } from './LibrarySelector';

/** An audio file or text-to-speech message (intro, whisper, queue messages...). */
export function AudioSelector(props: SelectorProps) {
  return (
    <LibrarySelector
      noneLabel="None"
      {...props}
      list="audios"
      noun="audio"
      reload="reloadAudios"
      dialog={AudioDialog}
    />
  );
}
