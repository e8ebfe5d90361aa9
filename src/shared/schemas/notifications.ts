import { z } from './zod-tr.ts';

/** A notification as the bell shows it (spec part 2 §3, "Notification (display)"). */
export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  timestamp: z.iso.datetime(),
  isRead: z.boolean(),
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
