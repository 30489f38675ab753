import { startedConversationSchema } from '@laptops/shared/conversations';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/conversations: the viewer's conversation about a laptop, started if needed.
 * No hook: "Ask the seller" (app/use-product-actions.tsx) loads this file on the tap,
 * so that Home's first download does without it and its zod contract.
 */
export function startConversation(productId: string) {
  return apiRequest('/api/conversations', startedConversationSchema, {
    method: 'POST',
    json: { productId },
  });
}
