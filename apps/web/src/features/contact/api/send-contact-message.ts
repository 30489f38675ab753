import { useMutation } from '@tanstack/react-query';
import { contactMessageResultSchema, type ContactMessageInput } from '@laptops/shared/contact';
import { apiRequest } from '../../../lib/api-client.ts';

export function sendContactMessage(input: ContactMessageInput) {
  return apiRequest('/api/contact', contactMessageResultSchema, { method: 'POST', json: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
