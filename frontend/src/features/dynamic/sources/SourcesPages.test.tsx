import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import DynamicSection from '../index';
import type { SourcePage, SourcesPage } from './api';

const RULESET: SourcesPage['ruleset'] = {
  pairs: [
    { id: 1, source: 'google', medium: 'cpc' },
    { id: 3, source: 'bing', medium: 'cpc' },
    { id: 7, source: '(direct)', medium: '(none)' },
  ],
  rules: [
    { id: 10, sourceMediumId: 1, field: 'clickId', op: 'equals', value: 'gclid' },
    { id: 12, sourceMediumId: 3, field: 'clickId', op: 'equals', value: 'msclkid' },
    { id: 13, sourceMediumId: 3, field: 'utmSource', op: 'equals', value: 'bing' },
  ],
  defaultId: 7,
  paidOverrides: false,
};

const LIST: SourcesPage = {
  sources: [
    { id: 3, source: 'bing', medium: 'cpc', isDefault: false, rules: 2, visits30Days: 12, calls30Days: 4 },
    { id: 7, source: '(direct)', medium: '(none)', isDefault: true, rules: 0, visits30Days: 30, calls30Days: 9 },
    { id: 1, source: 'google', medium: 'cpc', isDefault: false, rules: 1, visits30Days: 40, calls30Days: 15 },
  ],
  ruleset: RULESET,
  canEdit: true,
};

const BING: SourcePage = {
  source: LIST.sources[0],
  rules: [
    { id: 12, position: 2, field: 'clickId', op: 'equals', value: 'msclkid', description: 'the landing page has a msclkid' },
    { id: 13, position: 3, field: 'utmSource', op: 'equals', value: 'bing', description: 'utm_source equals "bing"' },
  ],
  whispers: [],
  pools: [],
  deleteRefusal: '',
  ruleset: RULESET,
  canEdit: true,
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/sources" element={<DynamicSection title="Source/mediums" />} />
        <Route path="/sources/:id" element={<DynamicSection title="Source/medium" />} />
      </Routes>
    </MemoryRouter>,
  );
}

function posted(fetch: { mock: { calls: unknown[][] } }, path: string): Record<string, string>[] {
  return fetch.mock.calls
    .filter(([input]) => String(input).endsWith(path))
    .map(([, init]) => Object.fromEntries((init as RequestInit).body as FormData) as Record<string, string>);
}

describe('the source / mediums list', () => {
  test('lists the pairs with their visits and calls, and the tester names the winning rule', async () => {
    stubApi({ '/api/managesources/getSources': () => jsonResponse(LIST) });
    renderAt('/sources');
    const table = await screen.findByRole('table', { name: 'Source / mediums' });
    const bing = within(table).getByRole('link', { name: 'bing / cpc' });
    expect(bing.getAttribute('href')).toBe('/sources/3');
    expect(within(bing.closest('tr') as HTMLElement).getByText('12')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Landing page URL'), {
      target: { value: 'https://www.example.test/?utm_source=bing&utm_medium=cpc' },
    });
    const answer = screen.getByRole('status');
    expect(within(answer).getByText('bing / cpc')).toBeTruthy();
    expect(within(answer).getByText('1. Landing-page parameter or URL rule')).toBeTruthy();
    expect(answer.textContent).toContain('rule 3 (utm_source equals "bing") matched');
    fireEvent.change(screen.getByLabelText('Landing page URL'), { target: { value: 'https://www.example.test/' } });
    expect(within(screen.getByRole('status')).getByText('(direct) / (none)')).toBeTruthy();
    // A returning visitor keeps the first visit's source (a paid click overrides only when the account says so).
    fireEvent.change(screen.getByLabelText("The visitor's first visit"), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Landing page URL'), {
      target: { value: 'https://www.example.test/?msclkid=abc' },
    });
    expect(within(screen.getByRole('status')).getByText('google / cpc')).toBeTruthy();
    expect(within(screen.getByRole('status')).getByText('First touch')).toBeTruthy();
  });

  test('adding a pair checks it with the domain first, and the paid-click setting is saved', async () => {
    const fetch = stubApi({
      '/api/managesources/getSources': () => jsonResponse(LIST),
      '/api/managesources/updateSettings': () => jsonResponse({ paidOverrides: true }),
    });
    renderAt('/sources');
    fireEvent.click(await screen.findByRole('button', { name: 'Add source / medium' }));
    const dialog = screen.getByRole('dialog', { name: 'Add source / medium' });
    fireEvent.change(within(dialog).getByLabelText('Source'), { target: { value: 'Google' } });
    fireEvent.change(within(dialog).getByLabelText('Medium'), { target: { value: 'CPC' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This source / medium already exists.')).toBeTruthy();
    expect(posted(fetch, 'insertSource')).toHaveLength(0);
    fireEvent.click(screen.getByLabelText(/Let a paid click/));
    await waitFor(() => expect(posted(fetch, 'updateSettings')).toEqual([{ paidOverrides: '1' }]));
  });

  test('a failed load says so', async () => {
    stubApi({ '/api/managesources/getSources': () => jsonResponse({ success: false }, 500) });
    renderAt('/sources');
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  });
});

describe("a pair's page", () => {
  test('lists its rules, moves one up, and deletes one after confirming', async () => {
    const fetch = stubApi({
      '/api/managesources/getSource/3': () => jsonResponse(BING),
      '/api/managesources/moveRule': () => jsonResponse({ success: true }),
      '/api/managesources/deleteRule': () => jsonResponse({ success: true }),
    });
    renderAt('/sources/3');
    const rules = await screen.findByRole('table', { name: 'Rules of bing / cpc' });
    expect(within(rules).getByRole('rowheader', { name: 'utm_source equals "bing"' })).toBeTruthy();
    expect(within(rules).getByText('2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move up: utm_source equals "bing"' }));
    await waitFor(() => expect(posted(fetch, 'moveRule')).toEqual([{ id: '13', direction: 'up' }]));
    expect((screen.getByRole('button', { name: 'Move down: utm_source equals "bing"' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete: the landing page has a msclkid' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete rule' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(posted(fetch, 'deleteRule')).toEqual([{ id: '12' }]));
  });

  test("a rule is checked by the domain before it is sent, then added", async () => {
    const fetch = stubApi({
      '/api/managesources/getSource/3': () => jsonResponse(BING),
      '/api/managesources/insertRule': () => jsonResponse({ id: 40 }),
    });
    renderAt('/sources/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = screen.getByRole('dialog', { name: 'Add rule' });
    fireEvent.change(within(dialog).getByLabelText('The rule looks at'), { target: { value: 'referrerHost' } });
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: 'https://bing.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('Enter a host such as bing.com (no https:// or path).')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: 'bing.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(posted(fetch, 'insertRule')).toEqual([{ sourceId: '3', field: 'referrerHost', op: 'equals', value: 'bing.com' }]),
    );
  });

  test('a pair in use cannot be deleted and says who uses it', async () => {
    stubApi({
      '/api/managesources/getSource/3': () =>
        jsonResponse({
          ...BING,
          whispers: ['Marketing channel'],
          deleteRefusal: 'In use by the dynamic whisper "Marketing channel". Remove it there first.',
        }),
    });
    renderAt('/sources/3');
    const remove = (await screen.findByRole('button', { name: 'Delete source / medium' })) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(screen.getByText('In use by the dynamic whisper "Marketing channel". Remove it there first.')).toBeTruthy();
  });
});
