import { Component, Suspense, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { SectionProps } from '../components/PageHeading';
import { SectionLoading } from '../components/SectionLoading';

type SectionModule = { default: ComponentType<SectionProps> };
type Loaders = Record<string, () => Promise<SectionModule>>;

export const SECTION_LOAD_TIMEOUT_MS = 120_000;

// Each integration's page is the integrations feature's, in one chunk.
const integrations = () => import('../features/integrations/index.tsx');

/** Every on-demand section of the route table, each its own chunk. */
export const sectionLoaders: Loaders = {
  overview: () => import('./overviewSection.tsx'),
  routing: () => import('../features/routing/index.tsx'),
  reports: () => import('../features/reports/index.tsx'),
  users: () => import('../features/users/index.tsx'),
  billing: () => import('../features/billing/index.tsx'),
  dynamic: () => import('../features/dynamic/index.tsx'),
  static: () => import('../features/static/index.tsx'),
  outbound: () => import('../features/outbound/index.tsx'),
  speech: () => import('../features/speech/index.tsx'),
  sales: () => import('../features/sales/index.tsx'),
  dimensions: () => import('../features/dimensions/index.tsx'),
  scoring: () => import('../features/scoring/index.tsx'),
  parameters: () => import('../features/parameters/index.tsx'),
  partner: () => import('../features/partner/index.tsx'),
  partneraccounts: () => import('../features/partner/accountsSection.tsx'),
  technologypartner: () => import('../features/technologypartner/index.tsx'),
  google: integrations,
  microsoft: integrations,
  facebook: integrations,
  doubleclick: integrations,
  marin: integrations,
  optimizely: integrations,
  hubspot: integrations,
  salesforce: integrations,
  dealerweb: integrations,
  integrations,
  services: () => import('../features/services/index.tsx'),
  shell: () => import('../features/shell/index.tsx'),
};

export class ChunkLoadError extends Error {
  constructor(section: string, cause?: unknown) {
    super(`The ${section} section could not be loaded`, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** The loader's promise, rejected with a ChunkLoadError when it fails or takes longer than the timeout. */
export function loadWithTimeout<T>(
  section: string,
  loader: () => Promise<T>,
  timeoutMs: number = SECTION_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(section, 'timeout')), timeoutMs);
    loader().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(section, error));
      },
    );
  });
}

const caches = new WeakMap<Loaders, Map<string, LazyExoticComponent<ComponentType<SectionProps>>>>();

/** One lazy component per section, so a page keeps its state across re-renders. */
function sectionComponent(section: string, loaders: Loaders) {
  let cache = caches.get(loaders);
  if (!cache) {
    cache = new Map();
    caches.set(loaders, cache);
  }
  let component = cache.get(section);
  if (!component) {
    const loader =
      loaders[section] ?? (() => Promise.reject(new Error(`No section named ${section}`)));
    component = lazy(() => loadWithTimeout(section, loader));
    cache.set(section, component);
  }
  return component;
}

export function ChunkErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="chunk-error">
      <h1>This section could not be loaded</h1>
      <p>Check your connection and try again.</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

class ChunkErrorBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (this.state.failed) return <ChunkErrorScreen onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

/** Reloading the page also picks up chunks renamed by a new deployment. */
function reloadPage() {
  window.location.reload();
}

export function SectionPage({
  section,
  title,
  loaders = sectionLoaders,
  onRetry = reloadPage,
}: {
  section: string;
  title: string;
  loaders?: Loaders;
  onRetry?: () => void;
}) {
  const Section = sectionComponent(section, loaders);
  return (
    <ChunkErrorBoundary key={section} onRetry={onRetry}>
      <Suspense fallback={<SectionLoading />}>
        <Section title={title} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
