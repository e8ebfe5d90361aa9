import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message, OrderThread, ThreadDetail, ThreadList, UnreadCount } from '#shared/schemas/messages.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { LIVE_FALLBACK_POLL_MS, pollUnlessLive, useIsLive } from '../../lib/live-state.ts';

/**
 * Every key starts with 'messages': the real-time stream invalidates ['messages'] on a
 * 'message_new' event, which refreshes the list, the open thread and the badge at once.
 */
export const messageKeys = {
  all: ['messages'] as const,
  list: ['messages', 'threads'] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
  order: (orderId: string) => ['messages', 'order', orderId] as const,
  unread: ['messages', 'unread-count'] as const,
};

export function useThreads() {
  // The event stream refreshes these at once; they poll only while it is down.
  const isLive = useIsLive();
  return useQuery({
    queryKey: messageKeys.list,
    queryFn: ({ signal }) => apiFetch<ThreadList>('/api/messages/threads', { signal }),
    refetchInterval: pollUnlessLive(isLive),
  });
}

export function useThread(id: string) {
  const isLive = useIsLive();
  return useQuery({
    queryKey: messageKeys.thread(id),
    queryFn: ({ signal }) => apiFetch<ThreadDetail>(`/api/messages/threads/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: pollUnlessLive(isLive),
    retry: false,
  });
}

/** An order's thread (null before anyone wrote): the dispute desk reads it. */
export function useOrderThread(orderId: string) {
  return useQuery({
    queryKey: messageKeys.order(orderId),
    queryFn: ({ signal }) => apiFetch<OrderThread>(`/api/messages/orders/${encodeURIComponent(orderId)}`, { signal }),
  });
}

/** Unread messages from other stores (the badge; shown to members only). */
export function useUnreadMessages() {
  const isLive = useIsLive();
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => apiFetch<UnreadCount>('/api/messages/unread-count', { signal }),
    refetchInterval: pollUnlessLive(isLive),
    staleTime: LIVE_FALLBACK_POLL_MS,
  });
}

export type OpenThreadInput = { listingId: string } | { orderId: string };

export function useOpenThread() {
  return useMutation({
    mutationFn: (input: OpenThreadInput) =>
      apiFetch<{ id: string }>('/api/messages/threads', { method: 'POST', body: input }),
  });
}

/** Sends the text, as a multipart form when images come with it (the server takes both). */
export function useSendMessage(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, photos }: { body: string; photos: File[] }) => {
      let payload: unknown = { body };
      if (photos.length) {
        const form = new FormData();
        form.set('body', body);
        for (const photo of photos) form.append('photos', photo);
        payload = form;
      }
      return apiFetch<Message>(`/api/messages/threads/${encodeURIComponent(threadId)}/messages`, {
        method: 'POST',
        body: payload,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** The reader has the thread open: the other store's messages get their read receipt. */
export function useMarkThreadRead(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`/api/messages/threads/${encodeURIComponent(threadId)}/read`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.list });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    },
  });
}
