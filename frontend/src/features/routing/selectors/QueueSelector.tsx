import { QueueDialog } from '../editors/QueueDialog';
import type { SelectorProps } from './LibrarySelect';
import { LibrarySelector } from './LibrarySelector';

/** The call queue of a destination plan. */
export function QueueSelector(props: SelectorProps) {
  return (
    <LibrarySelector
      noneLabel="No queue"
      {...props}
      list="queues"
      noun="queue"
      reload="reloadQueues"
      dialog={QueueDialog}
    />
  );
}
