import type { NotificationPageFilter } from '#shared/api-paths.ts';
import { notificationTypes, type NotificationType } from '#shared/schemas/notifications.ts';

export function isNotificationType(value: string | null): value is NotificationType {
  return notificationTypes.includes(value as NotificationType);
}

/** /bildirimler's filters as the address holds them (?okunmamis=1&tur=…&sayfa=2); anything unreadable is left out. */
export function notificationFilterFrom(params: URLSearchParams): NotificationPageFilter {
  const type = params.get('tur');
  const page = Number(params.get('sayfa'));
  return {
    unread: params.get('okunmamis') === '1',
    type: isNotificationType(type) ? type : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}
