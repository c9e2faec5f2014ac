// The purchase, pricing and plan calls of docs/services-api.md, typed.
import type { PlanScopes } from '../../domain';
import { apiGet, apiPost } from '../../lib/api';

export interface PriceItem {
  price: number | null;
  billing_frequency: string;
  minimum_charge: number;
  minimum_charge_billing_frequency: string;
}

export interface OutboundCandidate {
  UserID: number;
  UserForename: string;
  UserSurname: string;
}

export interface AddonPrice {
  name: string;
  items: PriceItem[];
  users: OutboundCandidate[];
  upgradePrice: { items: PriceItem[] } | null;
  isAvailable: boolean;
  requiresUpgrade: boolean;
}

export interface ChargeLine {
  description: string;
  quantity: number;
  price: number;
  unitPrice: number;
  plan: boolean;
  newQuantity?: number;
  newPrice?: number;
  newUnitPrice?: number;
}

export interface UsageCharge {
  description: string;
  /** In pence. */
  price: number;
  frequency: string;
}

export interface Breakdown {
  services: Record<string, ChargeLine[]>;
  totals: Record<string, number>;
  usageBasedCharges: UsageCharge[];
}

export interface Comparison {
  current: Breakdown;
  new: Breakdown;
}

export interface PlanPrice {
  price: number | null;
  billing_frequency_months: string;
  billing_frequency_id: number;
}

export interface AddonPrices {
  name: string;
  starter: number | null;
  professional: number | null;
  billing_frequency: string;
}

export interface AllPrices {
  prices: {
    static: { price: number | null } | null;
    dynamicPool: { price: number | null } | null;
    starterPlan: PlanPrice | null;
    professionalPlan: PlanPrice | null;
    recordingStorageLength: number;
    outboundUsers: number;
    [scope: string]: unknown;
  };
}

export function getAddonPrice(scope: string, requiresUpgrade: boolean): Promise<AddonPrice> {
  return apiPost<AddonPrice>('services/getAddonPrice', { scope, requiresUpgrade: requiresUpgrade ? '1' : '0' });
}

export function upgradePlan(): Promise<unknown> {
  return apiPost('services/upgrade', {});
}

export function addAddon(scope: string, userId?: number): Promise<unknown> {
  return apiPost('services/addAddon', userId === undefined ? { scope } : { scope, userId });
}

export function getAllPrices(scopes: string[]): Promise<AllPrices> {
  return apiGet<AllPrices>(`services/getAllPrices/${scopes.map(encodeURIComponent).join(',')}`);
}

export function getCustomerCharges(): Promise<Breakdown> {
  return apiGet<Breakdown>('services/getCustomerCharges');
}

export function getCustomerChargesUpgrade(productCode: string): Promise<Comparison> {
  return apiGet<Comparison>(`services/getCustomerChargesUpgrade/?product_code=${encodeURIComponent(productCode)}`);
}

export async function getPlanScopes(): Promise<PlanScopes[]> {
  return (await apiGet<{ plans: PlanScopes[] }>('services/getPlanScopes')).plans;
}
