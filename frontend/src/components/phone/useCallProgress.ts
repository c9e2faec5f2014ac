import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { getProgress, type CallProgress } from './api';

const POLL_MS = 700;
/** How many more times to ask once the phone has hung up, for the server's account of the end. */
const POLLS_AFTER_HANG_UP = 15;

/**
 * Where the call `dial` is now, asked about every 700 ms from the moment it is readied until the
 * server says it has ended (or, once the phone has hung up, a while longer at most). The last
 * answer stays for the ended call.
 */
export function useCallProgress(dial: string | null, hungUp: boolean): CallProgress | null {
  const [progress, setProgress] = useState<CallProgress | null>(null);
  const hungUpRef = useRef(hungUp);
  hungUpRef.current = hungUp;

  useEffect(() => {
    setProgress(null);
    if (!dial) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let afterHangUp = 0;
    const poll = async () => {
      try {
        const next = await getProgress(dial);
        if (stopped) return;
        setProgress(next);
        if (next.state === 'ended') return;
      } catch (error) {
        if (stopped || (error instanceof ApiError && error.status === 404)) return;
      }
      if (hungUpRef.current && ++afterHangUp > POLLS_AFTER_HANG_UP) return;
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [dial]);

  return progress;
}
