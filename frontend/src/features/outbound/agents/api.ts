// /agents and /agents/{id} (docs/outbound-api.md): the outbound agents and their calls.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type AgentsPageData = Schemas['AgentsPage'];
export type AgentView = Schemas['AgentView'];
export type AgentCandidate = Schemas['AgentCandidate'];
export type AgentPageData = Schemas['AgentPage'];
export type AgentCallView = Schemas['AgentCallView'];
export type AccessChanged = Schemas['AccessChanged'];

export const AGENT_CALLS_PAGE_SIZE = 25;

export const agentPath = (id: number) => `/agents/${id}`;

export function getAgents(): Promise<AgentsPageData> {
  return apiGet<AgentsPageData>('agents/getAgents');
}

export function getAgent(id: number, page: number): Promise<AgentPageData> {
  return apiGet<AgentPageData>(`agents/getAgent/${id}?page=${page}&pageSize=${AGENT_CALLS_PAGE_SIZE}`);
}

export function giveAccess(userId: number): Promise<AccessChanged> {
  return apiPost<AccessChanged>('agents/giveAccess', { userId });
}

export function takeAccess(id: number): Promise<AccessChanged> {
  return apiPost<AccessChanged>(`agents/takeAccess/${id}`, {});
}

/** Puts the agent on a campaign ('' for none). */
export function setAgentCampaign(id: number, campaignId: string): Promise<{ success: boolean }> {
  return apiPost(`agents/setCampaign/${id}`, { outboundCampaignId: campaignId });
}

/** Gives the agent one of the account's tracked numbers or verified caller ids ('' for none). */
export function setAgentCallerId(id: number, outboundNumber: string): Promise<{ success: boolean }> {
  return apiPost(`agents/setCallerId/${id}`, { outboundNumber });
}
