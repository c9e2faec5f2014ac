import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import DynamicSection from '../index';
import type { CtaCall, CtaDetail, CtaView, CtasPage } from './api';

const KINDS = [
  { value: 'call_link', label: 'Click-to-call link' },
  { value: 'button', label: 'Button' },
  { value: 'form', label: 'Form' },
];

const HEADER: CtaView = {
  id: 1,
  name: 'Header call button',
  kind: 'call_link',
  kindLabel: 'Click-to-call link',
  selector: 'a[href^="tel:"]',
  pages: [],
  clicks30Days: 16,
  calls30Days: 4,
  conversionRate: '25.0%',
  deleteQuestion: "Delete the call-to-action 'Header call button'? Its 18 clicks will be deleted too; calls stay in the call log.",
  form: { name: 'Header call button', kind: 'call_link', selector: 'a[href^="tel:"]', allPages: '1', pages: '' },
};

const BOOK: CtaView = {
  ...HEADER,
  id: 2,
  name: 'Book now button',
  kind: 'button',
  kindLabel: 'Button',
  selector: '#book-now',
  pages: ['/book*'],
  clicks30Days: 12,
  calls30Days: 1,
  conversionRate: '8.3%',
  deleteQuestion: "Delete the call-to-action 'Book now button'? Its 12 clicks will be deleted too; calls stay in the call log.",
  form: { name: 'Book now button', kind: 'button', selector: '#book-now', allPages: '', pages: '/book*' },
};

const list = (canEdit: boolean): CtasPage => ({ ctas: [BOOK, HEADER], canEdit, kinds: KINDS, days: 30, windowMinutes: 30 });

const CALL = {
  id: 501,
  startedAt: 1_795_428_000,
  time: '23/11/2026 09:40 GMT',
  caller: '07700 900123',
  trackedNumber: '0113 496 0000',
  numberName: 'Website - Google Ads',
  campaign: '',
  source: 'google',
  medium: 'cpc',
  landingPage: 'https://www.example.test/',
  durationSeconds: 125,
  duration: '2:00',
  ringSeconds: 5,
  ringTime: '0:05',
  talkSeconds: 120,
  outcome: 'answered',
  outcomeLabel: 'Answered',
  destination: 'Reception',
  tags: [],
  firstTime: true,
  callbackOf: null,
  hasRecording: false,
  score: null,
  scoreLabel: '',
  leadScore: '',
  followUpLabel: '',
  note: '',
  noteBy: '',
  recordingLength: '',
  transcriptLine: '',
  testCall: '',
  callOut: '',
} as CtaCall;

const DETAIL: CtaDetail = {
  cta: HEADER,
  canEdit: true,
  kinds: KINDS,
  days: 30,
  windowMinutes: 30,
  taken: ['Book now button'],
  clicks: [
    { id: 9, time: '23/11/2026 09:35 GMT', clickedAt: 1_795_427_700, page: '/offers', callId: 501 },
    { id: 8, time: '23/11/2026 08:02 GMT', clickedAt: 1_795_422_120, page: '/', callId: null },
  ],
  calls: [CALL],
  total: 1,
  page: 1,
  pageSize: 50,
};

function renderAt(path: string, canEdit = true) {
  const fetch = stubApi({
    '/api/cta/getCtas': () => jsonResponse(list(canEdit)),
    '/api/cta/getCta/1': () => jsonResponse({ ...DETAIL, canEdit }),
    '/api/cta/addCta': () => jsonResponse({ success: true, id: 3 }),
    '/api/cta/editCta/1': () =>
      jsonResponse({ success: false, code: 'NAME_NOT_UNIQUE', errors: { form_name: 'Name must be unique.' } }, 422),
    '/api/cta/deleteCta/2': () => jsonResponse({ success: true, clicks: 12 }),
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/cta" element={<DynamicSection title="Call-to-actions" />} />
        <Route path="/cta/:id" element={<DynamicSection title="Call-to-action" />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

function posted(fetch: { mock: { calls: unknown[][] } }, path: string): Record<string, string>[] {
  return fetch.mock.calls
    .filter(([input]) => String(input).endsWith(path))
    .map(([, init]) => Object.fromEntries((init as RequestInit).body as FormData) as Record<string, string>);
}

describe('the call-to-actions list', () => {
  test('lists each call-to-action with its kind, selector, pages, clicks, calls and conversion rate', async () => {
    renderAt('/cta');
    const table = await screen.findByRole('table', { name: 'Call-to-actions' });
    const header = within(table).getByRole('link', { name: 'Header call button' });
    expect(header).toHaveAttribute('href', '/cta/1');
    const row = within(header.closest('tr') as HTMLElement);
    expect(row.getByText('Click-to-call link')).toBeInTheDocument();
    expect(row.getByText('a[href^="tel:"]')).toBeInTheDocument();
    expect(row.getByText('All pages')).toBeInTheDocument();
    expect(row.getByText('16')).toBeInTheDocument();
    expect(row.getByText('25.0%')).toBeInTheDocument();
    const book = within(within(table).getByRole('link', { name: 'Book now button' }).closest('tr') as HTMLElement);
    expect(book.getByText('/book*')).toBeInTheDocument();
  });

  test('a call-to-action is added with the domain checking the selector and the pages as typed', async () => {
    const { user, fetch } = renderAt('/cta');
    await user.click(await screen.findByRole('button', { name: 'Add call-to-action' }));
    const dialog = screen.getByRole('dialog', { name: 'Add call-to-action' });
    await user.type(within(dialog).getByLabelText('Name'), 'book NOW button');
    expect(within(dialog).getByText('Name must be unique.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Quote form');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'form');
    // '[[' types one '[': the selector is [href]].
    await user.type(within(dialog).getByLabelText('CSS selector'), '[[href]]');
    expect(within(dialog).getByText("This is not a valid CSS selector: unexpected ']' at character 7.")).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('CSS selector'));
    await user.type(within(dialog).getByLabelText('CSS selector'), 'form#quote');
    expect(within(dialog).queryByText(/not a valid CSS selector/)).toBeNull();
    await user.click(within(dialog).getByLabelText('All pages'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('List the pages it applies to, one a line, or choose all pages.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Pages'), 'quote');
    expect(within(dialog).getByText("Page 1 must start with '/'.")).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Pages'));
    await user.type(within(dialog).getByLabelText('Pages'), '/quote*');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The call-to-action 'Quote form' was saved.")).toBeInTheDocument();
    expect(posted(fetch, '/api/cta/addCta')).toEqual([
      { form_name: 'Quote form', form_kind: 'form', form_selector: 'form#quote', form_all_pages: '', form_pages: '/quote*' },
    ]);
  });

  test('deleting asks first, with the clicks that go', async () => {
    const { user } = renderAt('/cta');
    await user.click(await screen.findByRole('button', { name: 'Delete Book now button' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText(BOOK.deleteQuestion)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent("The call-to-action 'Book now button' was deleted with its 12 clicks."),
    );
  });

  test('without the edit right the list only reads', async () => {
    renderAt('/cta', false);
    await screen.findByRole('table', { name: 'Call-to-actions' });
    expect(screen.queryByRole('button', { name: 'Add call-to-action' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Book now button' })).toBeNull();
  });
});

describe("a call-to-action's page", () => {
  test('shows its details, its clicks and the calls that followed, each opening in the call log', async () => {
    renderAt('/cta/1');
    expect(await screen.findByRole('heading', { name: 'Call-to-action: Header call button' })).toBeInTheDocument();
    expect(screen.getByText('25.0%')).toBeInTheDocument();
    const clicks = screen.getByRole('table', { name: 'Latest clicks' });
    expect(within(clicks).getByRole('link', { name: 'Yes: the call after the click at 23/11/2026 09:35 GMT' })).toHaveAttribute(
      'href',
      '/reports?call=501',
    );
    expect(within(clicks).getByText('No')).toBeInTheDocument();
    const calls = screen.getByRole('table', { name: 'Calls after a click on Header call button' });
    expect(within(calls).getByRole('link', { name: 'Call from 07700 900123 at 23/11/2026 09:40 GMT' })).toHaveAttribute(
      'href',
      '/reports?call=501',
    );
  });

  test("the edit dialog checks the other names, and the server's message lands on its field", async () => {
    const { user } = renderAt('/cta/1');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit call-to-action' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Header call button');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Book now button');
    expect(within(dialog).getByText('Name must be unique.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Phone link');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name must be unique.')).toBeInTheDocument();
  });
});
