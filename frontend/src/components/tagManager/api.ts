// The tag manager setup calls (spec/call-routing.md section 7, docs/ivr-api.md "Tag manager
// setup"). Every call takes an AbortSignal: closing the dialog cancels what is in flight.
import { apiRequest, toFormData } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];

/** A tag manager account, container, workspace or tag: its name and the provider's path. */
export type TagManagerItem = Schemas['TagManagerItem'];

/** What the workspace allows once the tag is in it: publish now, or leave it to the user (the answer's action). */
export type WorkspaceAction = 'publish' | 'manual';

function get<T>(path: string, signal: AbortSignal): Promise<T> {
  return apiRequest<T>(path, { method: 'GET', signal });
}

function post<T>(path: string, fields: Record<string, string>, signal: AbortSignal): Promise<T> {
  return apiRequest<T>(path, { method: 'POST', body: toFormData(fields), signal });
}

const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const items = (list: unknown): TagManagerItem[] => (Array.isArray(list) ? (list as TagManagerItem[]) : []);

/** The customer's tag manager accounts; none means the customer has no tag manager. */
export async function getTagManagerAccounts(signal: AbortSignal): Promise<TagManagerItem[]> {
  const body = await get<Schemas['TagManagerAccounts'] | null>('tagmanager/accounts', signal);
  return items(body?.accounts);
}

/** The containers of an account (by the account's path). */
export async function getTagManagerContainers(account: string, signal: AbortSignal): Promise<TagManagerItem[]> {
  const body = await get<Schemas['TagManagerContainers'] | null>(`tagmanager/containers?${query({ path: account })}`, signal);
  return items(body?.containers);
}

/** The workspaces of a container (by the container's path). */
export async function getTagManagerWorkspaces(container: string, signal: AbortSignal): Promise<TagManagerItem[]> {
  const body = await get<Schemas['TagManagerWorkspaces'] | null>(`tagmanager/workspaces?${query({ path: container })}`, signal);
  return items(body?.workspaces);
}

/**
 * Creates the call tracking tag in a workspace. Rejects with an ApiError of status 400 when the
 * container already has the tag.
 */
export async function createTagManagerTag(
  workspace: string,
  campaignRef: string,
  signal: AbortSignal,
): Promise<TagManagerItem> {
  const body = await post<Schemas['TagCreated'] | null>(
    'tagmanager/tag',
    { path: workspace, campaignRef },
    signal,
  );
  if (!body?.tag?.path) throw new Error('The tag manager did not return the tag.');
  return body.tag;
}

/** Whether the workspace can be published now ('publish') or must be published by hand ('manual'). */
export async function getTagManagerWorkspaceStatus(
  workspace: string,
  tag: string,
  signal: AbortSignal,
): Promise<WorkspaceAction> {
  const body = await get<Schemas['WorkspaceStatus'] | null>(
    `tagmanager/workspaceStatus?${query({ path: workspace, tag })}`,
    signal,
  );
  if (body?.action === 'publish' || body?.action === 'manual') return body.action;
  throw new Error('The tag manager returned no workspace action.');
}

/** Creates a container version from the workspace; resolves with the version's path. */
export async function createTagManagerVersion(workspace: string, signal: AbortSignal): Promise<string> {
  const body = await post<Schemas['ContainerVersion'] | null>('tagmanager/containerVersion', { path: workspace }, signal);
  if (typeof body?.path !== 'string' || body.path === '') throw new Error('The tag manager returned no version.');
  return body.path;
}

/** Publishes a container version (by its path). */
export async function publishTagManagerVersion(version: string, signal: AbortSignal): Promise<void> {
  await post<Schemas['Done'] | null>('tagmanager/publish', { path: version }, signal);
}
