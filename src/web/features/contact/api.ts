import { useMutation } from '@tanstack/react-query';
import type { ContactMessageReceipt, CreateContactMessageBody } from '#shared/schemas/contact.ts';
import { apiFetch } from '../../lib/api-client.ts';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: CreateContactMessageBody) =>
      apiFetch<ContactMessageReceipt>('/api/contact-messages', { method: 'POST', body }),
  });
}
