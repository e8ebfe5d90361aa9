import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BadgeCounts, NotificationList, NotificationPage } from '#shared/schemas/notifications.ts';
import { notificationPageApiPath, type NotificationPageFilter } from '#shared/api-paths.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { pollUnlessLive, useIsLive } from '../../lib/live-state.ts';

export type { NotificationPageFilter };

/** Every key starts with 'notifications', the prefix the event stream invalidates. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  page: (filter: NotificationPageFilter) => ['notifications', 'page', filter] as const,
  badges: ['notifications', 'badges'] as const,
};

/** The bell's list; pass `enabled: false` for visitors. Polls only while the event stream is down. */
export function useNotifications(enabled = true) {
  const isLive = useIsLive();
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => apiFetch<NotificationList>('/api/notifications', { signal }),
    enabled,
    refetchInterval: pollUnlessLive(isLive),
  });
}

/** /bildirimler: one page of notifications with the filters. */
export function useNotificationPage(filter: NotificationPageFilter) {
  const isLive = useIsLive();
  return useQuery({
    queryKey: notificationKeys.page(filter),
    queryFn: ({ signal }) => apiFetch<NotificationPage>(notificationPageApiPath(filter), { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: pollUnlessLive(isLive),
  });
}

/** The menu badges: unread notifications and unread messages. */
export function useBadgeCounts(enabled = true) {
  const isLive = useIsLive();
  return useQuery({
    queryKey: notificationKeys.badges,
    queryFn: ({ signal }) => apiFetch<BadgeCounts>('/api/badges', { signal }),
    enabled,
    refetchInterval: pollUnlessLive(isLive),
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

/** Read, read-all and dismiss: shown at once in the bell, then confirmed by fresh lists from the server. */
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
