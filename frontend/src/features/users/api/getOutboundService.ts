import { apiGet } from '../../../lib/api';
import type { OutboundServiceAnswer } from './types';

export function getOutboundService(): Promise<OutboundServiceAnswer> {
  return apiGet<OutboundServiceAnswer>('users/getOutboundService');
}
