import { pageSchema } from './common.ts';
import { z } from './zod-tr.ts';

/** Every kind of notification; /bildirimler filters by these (labels in messages/notifications.tr.ts). */
export const notificationTypes = [
  'order_new',
  'payment_received',
  'order_accepted',
  'order_shipped',
  'order_delivery_confirmed',
  'order_release_reminder',
  'money_released',
  'order_cancelled',
  'order_refunded',
  'payout_paid',
  'payout_iban_missing',
  'dispute_reported',
  'dispute_created',
  'dispute_answered',
  'dispute_escalated',
  'dispute_resolved',
  'dispute_waiting',
  'message_new',
  'review_received',
  'stock_low',
  'listing_expiring',
  'listing_expired',
  'price_dropped',
  'application_new',
  'invoice_uploaded',
  'invoice_reminder',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

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

/** Rows per page of /bildirimler. */
export const NOTIFICATION_PAGE_SIZE = 20;

/** /bildirimler: only unread ones and/or one type, a page at a time. */
export const notificationPageQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  type: z.enum(notificationTypes).optional(),
  page: pageSchema,
});
export type NotificationPageQuery = z.input<typeof notificationPageQuerySchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Rows matching the filters. */
  total: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** The menu badges: unread notifications, and unread messages (0 until messages exist). */
export const badgeCountsSchema = z.object({
  notifications: z.number().int(),
  messages: z.number().int(),
});
export type BadgeCounts = z.infer<typeof badgeCountsSchema>;
