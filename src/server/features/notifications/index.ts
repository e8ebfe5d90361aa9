/** The notifications feature's public face: other features import only from here. */
export { countUnreadNotificationsOf } from './notifications.service.ts';
export {
  latestNotificationSeq,
  mailLink,
  notificationEventsAfter,
  notify,
  notifyAdmins,
  type NotificationInput,
} from './notifications.service.ts';
