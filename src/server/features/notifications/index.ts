/** The notifications feature's public face: other features import only from here. */
export { countUnreadNotificationsOf } from './notifications.service.ts';
export {
  latestNotificationSeq,
  notificationEventsAfter,
  notify,
  notifyAdmins,
  type NotificationInput,
} from './notifications.service.ts';
