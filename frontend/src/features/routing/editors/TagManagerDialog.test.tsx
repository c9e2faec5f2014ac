import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { AccountState } from '../../../domain';
import { AccountProvider } from '../../../lib/account';
import { account, jsonResponse } from '../../../test/fixtures';
import { numbersList, posted, professional, renderRouting, routingRow, starter } from '../pages/connectTestUtils';
import { TAG_MANAGER_FAILED, TagManagerDialog } from '../../../components/tagManager/TagManagerDialog';

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

const ACCOUNT = { name: 'Harbour Lane Dental', path: 'accounts/41' };
const OTHER_ACCOUNT = { name: 'Harbour Lane Group', path: 'accounts/42' };
const WWW = { name: 'www.harbourlanedental.co.uk', path: 'accounts/41/containers/7' };
const BOOK = { name: 'book.harbourlanedental.co.uk', path: 'accounts/41/containers/8' };
const WWW_WORKSPACE = { name: 'Default Workspace', path: 'accounts/41/containers/7/workspaces/1' };
const BOOK_DEFAULT = { name: 'Default Workspace', path: 'accounts/41/containers/8/workspaces/2' };
const BOOK_SPRING = { name: 'Spring campaign', path: 'accounts/41/containers/8/workspaces/3' };
const TAG = { name: 'Call tracking numbers', path: 'accounts/41/containers/7/workspaces/1/tags/1' };
const VERSION = 'accounts/41/containers/7/versions/1';

const ok = (body: unknown): Handler => () => jsonResponse(body);

/** A tag manager with one account, one container with one workspace, that publishes. */
function publishing(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    '/api/tagmanager/accounts': ok({ accounts: [ACCOUNT] }),
    '/api/tagmanager/containers': ok({ containers: [WWW] }),
    '/api/tagmanager/workspaces': ok({ workspaces: [WWW_WORKSPACE] }),
    '/api/tagmanager/tag': ok({ success: true, tag: TAG }),
    '/api/tagmanager/workspaceStatus': ok({ action: 'publish' }),
    '/api/tagmanager/containerVersion': ok({ path: VERSION }),
    '/api/tagmanager/publish': ok({ success: true }),
    ...overrides,
  };
}

/** Stubs fetch with answers keyed by path (the query is the handler's to read); others are 404. */
function stubTagManager(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[url.pathname];
    return handler ? handler(url, init) : jsonResponse({ success: false }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function callsTo(fetch: ReturnType<typeof stubTagManager>, path: string) {
  return fetch.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);
}

function queryOf(call: unknown[]): Record<string, string> {
  return Object.fromEntries(new URL(String(call[0]), 'http://localhost').searchParams);
}

function later() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { handler: (() => promise) as Handler, resolve };
}

function setup(handlers: Record<string, Handler>, acc: AccountState = account()) {
  const fetch = stubTagManager(handlers);
  const onClose = vi.fn();
  render(
    <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
      <TagManagerDialog open onClose={onClose} />
    </AccountProvider>,
  );
  return { fetch, onClose, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'Tag manager setup' });
const outcome = (title: string) => screen.findByRole('heading', { name: title });
const closeButton = () => within(dialog()).queryByRole('button', { name: 'Close' });

describe('Tag manager setup dialog', () => {
  test('state 1 then 2: loading, then no tag manager when there is no account', async () => {
    const accounts = later();
    const { fetch, onClose, user } = setup(publishing({ '/api/tagmanager/accounts': accounts.handler }));
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Looking for your tag manager accounts…');
    expect(closeButton()).toBeInTheDocument();
    accounts.resolve(jsonResponse({ accounts: [] }));
    expect(await outcome('No tag manager')).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('No tag manager account was found for your account.');
    expect(callsTo(fetch, '/api/tagmanager/containers')).toHaveLength(0);
    await user.click(closeButton()!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('state 6: one account, container and workspace are chosen automatically, the tag created and published', async () => {
    const { fetch } = setup(publishing());
    expect(await outcome('Tag created and published')).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('www.harbourlanedental.co.uk');
    expect(within(dialog()).queryByRole('combobox')).not.toBeInTheDocument();

    expect(queryOf(callsTo(fetch, '/api/tagmanager/containers')[0])).toEqual({ path: ACCOUNT.path });
    expect(queryOf(callsTo(fetch, '/api/tagmanager/workspaces')[0])).toEqual({ path: WWW.path });
    const [tag] = callsTo(fetch, '/api/tagmanager/tag');
    expect(tag[1]?.method).toBe('POST');
    expect(posted(tag[1])).toEqual({ path: WWW_WORKSPACE.path, campaignRef: 'HLD-100' });
    expect(queryOf(callsTo(fetch, '/api/tagmanager/workspaceStatus')[0])).toEqual({
      path: WWW_WORKSPACE.path,
      tag: TAG.path,
    });
    expect(posted(callsTo(fetch, '/api/tagmanager/containerVersion')[0][1])).toEqual({ path: WWW_WORKSPACE.path });
    expect(posted(callsTo(fetch, '/api/tagmanager/publish')[0][1])).toEqual({ path: VERSION });
    // Every request is cancellable.
    for (const [, init] of fetch.mock.calls) expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(closeButton()).toBeInTheDocument();
  });

  test('the campaign reference is the customer id when the account has no account code', async () => {
    const { fetch } = setup(publishing(), account({ accountCode: null, customerId: 314 }));
    expect(await outcome('Tag created and published')).toBeInTheDocument();
    expect(posted(callsTo(fetch, '/api/tagmanager/tag')[0][1]).campaignRef).toBe('314');
  });

  test('state 3: a 400 from the tag call means already set up', async () => {
    const { fetch } = setup(
      publishing({
        '/api/tagmanager/tag': () =>
          jsonResponse({ code: 'BAD_REQUEST', message: 'Tag manager is already set up for this container.' }, 400),
      }),
    );
    expect(await outcome('Already set up')).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('Tag manager is already set up for www.harbourlanedental.co.uk');
    expect(callsTo(fetch, '/api/tagmanager/workspaceStatus')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('state 4: picking a container and one of two workspaces, whose status is manual', async () => {
    const { fetch, user } = setup(
      publishing({
        '/api/tagmanager/containers': ok({ containers: [BOOK, WWW] }),
        '/api/tagmanager/workspaces': ok({ workspaces: [BOOK_DEFAULT, BOOK_SPRING] }),
        '/api/tagmanager/tag': ok({ success: true, tag: { name: TAG.name, path: `${BOOK_DEFAULT.path}/tags/1` } }),
        '/api/tagmanager/workspaceStatus': ok({ action: 'manual' }),
      }),
    );
    const container = await screen.findByRole('combobox', { name: 'Container' });
    expect(dialog()).toHaveTextContent('Harbour Lane Dental');
    expect(within(dialog()).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.selectOptions(container, 'book.harbourlanedental.co.uk');
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));

    const workspace = await screen.findByRole('combobox', { name: 'Workspace' });
    expect(callsTo(fetch, '/api/tagmanager/tag')).toHaveLength(0);
    expect(within(workspace).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a workspace',
      'Default Workspace',
      'Spring campaign',
    ]);
    await user.selectOptions(workspace, 'Default Workspace');
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));

    expect(await outcome('Tag created: publish it manually')).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('workspace Default Workspace of book.harbourlanedental.co.uk');
    expect(queryOf(callsTo(fetch, '/api/tagmanager/workspaces')[0])).toEqual({ path: BOOK.path });
    expect(posted(callsTo(fetch, '/api/tagmanager/tag')[0][1])).toEqual({ path: BOOK_DEFAULT.path, campaignRef: 'HLD-100' });
    expect(callsTo(fetch, '/api/tagmanager/containerVersion')).toHaveLength(0);
    expect(callsTo(fetch, '/api/tagmanager/publish')).toHaveLength(0);
  });

  test('several accounts: the user picks one, and Back returns to the choice', async () => {
    const { fetch, user } = setup(
      publishing({
        '/api/tagmanager/accounts': ok({ accounts: [ACCOUNT, OTHER_ACCOUNT] }),
        '/api/tagmanager/containers': ok({ containers: [BOOK, WWW] }),
      }),
    );
    const choice = await screen.findByRole('combobox', { name: 'Tag manager account' });
    expect(callsTo(fetch, '/api/tagmanager/containers')).toHaveLength(0);
    await user.selectOptions(choice, 'Harbour Lane Group');
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('combobox', { name: 'Container' });
    expect(queryOf(callsTo(fetch, '/api/tagmanager/containers')[0])).toEqual({ path: OTHER_ACCOUNT.path });

    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag manager account' }), 'Harbour Lane Dental');
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Container' }), WWW.name);
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    expect(await outcome('Tag created and published')).toBeInTheDocument();
    expect(queryOf(callsTo(fetch, '/api/tagmanager/containers')[1])).toEqual({ path: ACCOUNT.path });
  });

  test('state 5: a failure says so with Close and Retry; Retry starts the failed call again', async () => {
    let fail = true;
    const { fetch, user } = setup(
      publishing({
        '/api/tagmanager/accounts': () => (fail ? jsonResponse({ success: false }, 500) : jsonResponse({ accounts: [ACCOUNT] })),
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(TAG_MANAGER_FAILED);
    expect(TAG_MANAGER_FAILED).toBe('Something went wrong. Please try again or contact us.');
    expect(closeButton()).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog()).getByRole('button', { name: 'Retry' }));
    expect(await outcome('Tag created and published')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/tagmanager/accounts')).toHaveLength(2);
  });

  test('a failed publication is retried without creating the tag again', async () => {
    let fail = true;
    const { fetch, user } = setup(
      publishing({
        '/api/tagmanager/publish': () => (fail ? jsonResponse({ success: false }, 500) : jsonResponse({ success: true })),
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(TAG_MANAGER_FAILED);
    fail = false;
    await user.click(within(dialog()).getByRole('button', { name: 'Retry' }));
    expect(await outcome('Tag created and published')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/tagmanager/tag')).toHaveLength(1);
    expect(callsTo(fetch, '/api/tagmanager/containerVersion')).toHaveLength(1);
    expect(callsTo(fetch, '/api/tagmanager/publish')).toHaveLength(2);
  });

  test('any failure but the tag call\u2019s 400 is an error, a 400 elsewhere included', async () => {
    setup(publishing({ '/api/tagmanager/containers': () => jsonResponse({ success: false }, 400) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TAG_MANAGER_FAILED);
    expect(screen.queryByRole('heading', { name: 'Already set up' })).not.toBeInTheDocument();
  });

  test('Close cancels the request in flight and its late answer changes nothing', async () => {
    const containers = later();
    const { fetch, onClose, user } = setup(publishing({ '/api/tagmanager/containers': containers.handler }));
    await waitFor(() => expect(callsTo(fetch, '/api/tagmanager/containers')).toHaveLength(1));
    const signal = callsTo(fetch, '/api/tagmanager/containers')[0][1]?.signal;
    expect(signal?.aborted).toBe(false);
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Loading the containers…');

    await user.click(closeButton()!);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(signal?.aborted).toBe(true);

    // The parent has not closed the dialog yet; the answer arrives anyway and is ignored.
    containers.resolve(jsonResponse({ containers: [WWW] }));
    await new Promise((done) => setTimeout(done, 20));
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Loading the containers…');
    expect(callsTo(fetch, '/api/tagmanager/workspaces')).toHaveLength(0);
    expect(callsTo(fetch, '/api/tagmanager/tag')).toHaveLength(0);
  });

  test('closing the dialog from outside (unmount) aborts as well', async () => {
    const accounts = later();
    const fetch = stubTagManager(publishing({ '/api/tagmanager/accounts': accounts.handler }));
    const view = render(
      <AccountProvider account={account()} setAccount={() => {}} reload={async () => {}}>
        <TagManagerDialog open onClose={() => {}} />
      </AccountProvider>,
    );
    await waitFor(() => expect(callsTo(fetch, '/api/tagmanager/accounts')).toHaveLength(1));
    view.rerender(
      <AccountProvider account={account()} setAccount={() => {}} reload={async () => {}}>
        <TagManagerDialog open={false} onClose={() => {}} />
      </AccountProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetch, '/api/tagmanager/accounts')[0][1]?.signal?.aborted).toBe(true);
    accounts.resolve(jsonResponse({ accounts: [ACCOUNT] }));
    await new Promise((done) => setTimeout(done, 20));
    expect(callsTo(fetch, '/api/tagmanager/containers')).toHaveLength(0);
  });

  test('the close button is hidden (and Escape ignored) while the tag, the version and the publication are made', async () => {
    const tag = later();
    const version = later();
    const publish = later();
    const { onClose, user } = setup(
      publishing({
        '/api/tagmanager/tag': tag.handler,
        '/api/tagmanager/containerVersion': version.handler,
        '/api/tagmanager/publish': publish.handler,
      }),
    );
    await waitFor(() => expect(within(dialog()).getByRole('status')).toHaveTextContent('Creating the call tracking tag…'));
    expect(closeButton()).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    tag.resolve(jsonResponse({ success: true, tag: TAG }));
    await waitFor(() => expect(within(dialog()).getByRole('status')).toHaveTextContent('Creating a container version…'));
    expect(closeButton()).not.toBeInTheDocument();

    version.resolve(jsonResponse({ path: VERSION }));
    await waitFor(() => expect(within(dialog()).getByRole('status')).toHaveTextContent('Publishing the container version…'));
    expect(closeButton()).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    publish.resolve(jsonResponse({ success: true }));
    expect(await outcome('Tag created and published')).toBeInTheDocument();
    // The focus moves in an effect after the outcome is drawn: wait for it, not for the next tick.
    await waitFor(() => expect(closeButton()).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('Tag manager button on the routing list', () => {
  const rows = numbersList([routingRow({ id: 1 })]);
  const list: Handler = (url, init) => rows(init, url);

  test('shown to an editor of an account with dynamic pools; it opens the dialog', async () => {
    stubTagManager({ '/api/manageconnections/getNumbersList': list, ...publishing() });
    const user = renderRouting('/routing', professional());
    await user.click(await screen.findByRole('button', { name: 'Tag manager' }));
    expect(await outcome('Tag created and published')).toBeInTheDocument();
    await user.click(closeButton()!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tag manager' })).toHaveFocus();
  });

  test('hidden without dynamic pools, without advanced routing scopes, and for non-administrators', async () => {
    for (const acc of [
      professional({ hasDynamic: false }),
      starter(),
      professional({ isAdministrator: false, isUserAdmin: false, userAuthCode: 10 }),
    ]) {
      stubTagManager({ '/api/manageconnections/getNumbersList': list });
      renderRouting('/routing', acc);
      await screen.findByRole('table', { name: 'Call routing' });
      expect(screen.queryByRole('button', { name: 'Tag manager' })).not.toBeInTheDocument();
      cleanup();
    }
  });
});
