import { useCallback, useEffect, useRef, useState } from 'react';
import { getIntegrationsList, getIntegrationsSettings } from './getIntegrations';
import type { Integration } from './types';

/** An empty integration list is asked for again after this long (spec: integration list loading). */
export const EMPTY_LIST_RETRY_MS = 1000;

/** Spec: 0 nothing yet, 1 the list fetched, 2 the settings fetched too. */
export type LoadingState = 0 | 1 | 2;

export interface IntegrationsLoad {
  state: LoadingState;
  failed: boolean;
  integrations: Integration[];
  configured: string[];
  /** Fetches list and settings again, keeping the current ones on screen meanwhile. */
  reload: () => Promise<void>;
}

/** The integration list, then which of them are set up; cancelled (timer included) on unmount. */
export function useIntegrations(): IntegrationsLoad {
  const [state, setState] = useState<LoadingState>(0);
  const [failed, setFailed] = useState(false);
  const [integrations, setIntegrations] = useState<Integration[]>([]);
  const [configured, setConfigured] = useState<string[]>([]);
  const run = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const load = useCallback(async (): Promise<void> => {
    const current = ++run.current;
    const live = () => current === run.current;
    if (timer.current) clearTimeout(timer.current);
    try {
      const { integrations: list } = await getIntegrationsList();
      if (!live()) return;
      if (!Array.isArray(list) || list.length === 0) {
        timer.current = setTimeout(() => void load(), EMPTY_LIST_RETRY_MS);
        return;
      }
      setIntegrations(list);
      setState((previous) => (previous === 2 ? 2 : 1));
      const settings = await getIntegrationsSettings(list.map((i) => i.identifier));
      if (!live()) return;
      setConfigured(settings.integrationSettings?.configured ?? []);
      setFailed(false);
      setState(2);
    } catch {
      if (live()) setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
    return () => {
      run.current++;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [load]);

  return { state, failed, integrations, configured, reload: load };
}
