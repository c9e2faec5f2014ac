import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { routeTable } from '../domain';
import { AccountProvider } from '../lib/account';
import { account, stubApi } from '../test/fixtures';
import {
  ChunkLoadError,
  SECTION_LOAD_TIMEOUT_MS,
  SectionPage,
  loadWithTimeout,
  sectionLoaders,
} from './sections';

describe('sections', () => {
  test('every section of the route table has a loader', () => {
    const sections = new Set(routeTable().filter((r) => r.title && !r.external && !r.redirect).map((r) => r.section));
    for (const section of sections) expect(sectionLoaders, section).toHaveProperty(section);
  });

  test('a section is named for its feature folder: scoring, custom dimensions apart from sales', () => {
    const sectionOf = (path: string) => routeTable().find((r) => r.pattern === path)?.section;
    expect(sectionOf('/scores')).toBe('scoring');
    expect(sectionOf('/customdimensions')).toBe('dimensions');
    expect(sectionOf('/tracksales')).toBe('sales');
  });

  test('a section shows the title of its route', async () => {
    stubApi({});
    render(
      <MemoryRouter initialEntries={['/marin']}>
        <AccountProvider account={account()} setAccount={() => {}} reload={async () => {}}>
          <SectionPage section="marin" title="Marin" />
        </AccountProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Marin' })).toBeInTheDocument();
  });

  test('a failed load shows the chunk-load error screen with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onRetry = vi.fn();
    const loaders = { broken: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) };
    render(<SectionPage section="broken" title="Broken" loaders={loaders} onRetry={onRetry} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This section could not be loaded');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  test('a load that takes longer than 120 seconds fails', async () => {
    vi.useFakeTimers();
    try {
      const pending = loadWithTimeout('slow', () => new Promise<never>(() => {}));
      const outcome = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
      await vi.advanceTimersByTimeAsync(SECTION_LOAD_TIMEOUT_MS);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
    expect(SECTION_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  test('a load within the time limit succeeds', async () => {
    await expect(loadWithTimeout('quick', async () => 'module', 50)).resolves.toBe('module');
  });
});
