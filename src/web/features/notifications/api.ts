import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '#shared/schemas/notifications.ts';
import { apiFetch } from '../../lib/api-client.ts';

export const notificationKeys = {
  list: ['notifications'] as const,
};

/** Real-time delivery comes later: until then the bell asks every 30 seconds. */
export const NOTIFICATION_POLL_MS = 30_000;

/** The member's notifications; pass `enabled: false` for visitors. */
export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => apiFetch<NotificationList>('/api/notifications', { signal }),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
    staleTime: NOTIFICATION_POLL_MS,
  });
}

type Change = { kind: 'read'; id: string } | { kind: 'readAll' } | { kind: 'dismiss'; id: string };

function applyChange(list: NotificationList, change: Change): NotificationList {
  if (change.kind === 'readAll') {
    return { notifications: list.notifications.map((n) => ({ ...n, isRead: true })), unreadCount: 0 };
  }
  const target = list.notifications.find((n) => n.id === change.id);
  const wasUnread = target ? !target.isRead : false;
  return {
    notifications:
      change.kind === 'read'
        ? list.notifications.map((n) => (n.id === change.id ? { ...n, isRead: true } : n))
        : list.notifications.filter((n) => n.id !== change.id),
    unreadCount: Math.max(0, list.unreadCount - (wasUnread ? 1 : 0)),
  };
}

/** Read, read-all and dismiss: shown at once, then confirmed by a fresh list from the server. */
export function useNotificationChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      apiFetch<void>(
        change.kind === 'readAll'
          ? '/api/notifications/read-all'
          : `/api/notifications/${encodeURIComponent(change.id)}/${change.kind === 'read' ? 'read' : 'dismiss'}`,
        { method: 'POST' },
      ),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list });
      queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) =>
        list ? applyChange(list, change) : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}
