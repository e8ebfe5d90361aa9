import { notificationMessages } from '#shared/messages/notifications.tr.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { paths } from '#shared/site-paths.ts';
import {
  NOTIFICATION_PAGE_SIZE,
  type NotificationList,
  type NotificationPage,
  type NotificationType,
} from '#shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberContext } from '../../lib/context.ts';
import { enqueueEmails, insertEmails, MAIL_DELIVERY_JOB, type QueuedEmail } from '../../lib/mailer/outbox.ts';
import { escapeHtml } from '../../lib/html.ts';
import { findActiveAdminIds } from '../../lib/user-contacts.ts';
import { button, layout, type RenderedEmail } from '../../lib/mailer/templates.ts';
import { publishBadgeChange, publishEvents } from '../../lib/live-events.ts';
import {
  countUnreadNotifications,
  dismissNotification,
  findLatestNotificationSeq,
  findMailRecipients,
  findNotificationPage,
  findNotifications,
  findNotificationsAfter,
  insertNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.repo.ts';

/** Trading events that notify someone; the bell and /bildirimler filter by these (#shared/schemas/notifications.ts). */
export type { NotificationType };

/** The bell shows this many of the newest; older ones stay stored. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** Where a notification mail's "change your preferences" link leads (the account settings page). */
export const NOTIFICATION_SETTINGS_PATH = paths.settings;

/**
 * Which notifications are also e-mailed:
 * - 'always': money and dispute events, whatever the toggles say;
 * - 'own': always e-mailed too, but by the service of the event with its richer mail (order lines,
 *   the dispute's offer …), so notify() sends none and no one gets the same news twice;
 * - 'emailNotifications': when the member's "E-posta Bildirimleri" is on;
 * - 'stockAlerts': when both "E-posta Bildirimleri" and "Stok Uyarıları" are on;
 * - 'priceChangeNotifications': when both "E-posta Bildirimleri" and "Fiyat Değişikliği Bildirimleri"
 *   are on (the in-app one is only written for members with the latter on: see the listings service).
 */
const mailRule: Record<
  NotificationType,
  'always' | 'own' | 'emailNotifications' | 'stockAlerts' | 'priceChangeNotifications'
> = {
  order_new: 'own',
  payment_received: 'own',
  order_accepted: 'emailNotifications',
  order_shipped: 'emailNotifications',
  order_delivery_confirmed: 'always',
  order_release_reminder: 'own',
  money_released: 'always',
  order_cancelled: 'own',
  order_refunded: 'always',
  payout_paid: 'always',
  payout_iban_missing: 'always',
  dispute_reported: 'own',
  dispute_created: 'own',
  dispute_answered: 'own',
  dispute_escalated: 'own',
  dispute_resolved: 'own',
  dispute_waiting: 'always',
  message_new: 'emailNotifications',
  review_received: 'emailNotifications',
  stock_low: 'stockAlerts',
  listing_expiring: 'stockAlerts',
  // The listing stopped selling: told by mail whenever the member takes mail at all.
  listing_expired: 'emailNotifications',
  price_dropped: 'priceChangeNotifications',
  // The application form already mails the admin address (with the document attached).
  application_new: 'own',
  // Paperwork the other store needs for its books: mailed with the link to the order.
  invoice_uploaded: 'always',
  invoice_reminder: 'always',
};

/** The site's address for links in mails; buildApp sets it from APP_URL. */
let mailLinkBase = 'http://localhost:3000';
export function setNotificationLinkBase(appUrl: string): void {
  mailLinkBase = appUrl.replace(/\/$/, '');
}

/** A page of the site (`/siparislerim/…`) as a mail links to it. */
export function mailLink(path: string): string {
  return `${mailLinkBase}${path}`;
}

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  relatedId?: string | null;
  actionUrl?: string | null;
  actionText?: string | null;
}

function notificationEmail(input: NotificationInput, name: string): RenderedEmail {
  const m = notificationMessages.mail;
  const settingsUrl = mailLink(NOTIFICATION_SETTINGS_PATH);
  const actionUrl = input.actionUrl ? mailLink(input.actionUrl) : null;
  return {
    template: `notification_${input.type}`,
    subject: input.title,
    html: layout(
      input.title,
      `<p>${escapeHtml(m.greeting(name))}</p><p>${escapeHtml(input.message)}</p>${
        actionUrl ? button(actionUrl, input.actionText ?? m.open) : ''
      }<p style="font-size:13px;color:#475569">${escapeHtml(m.preferences)} <a href="${escapeHtml(settingsUrl)}">${escapeHtml(m.preferencesLink)}</a></p>`,
    ),
    text: [
      m.greeting(name),
      input.message,
      ...(actionUrl ? [`${input.actionText ?? m.open}: ${actionUrl}`] : []),
      `${m.preferences} ${settingsUrl}`,
    ].join('\n\n'),
  };
}

/** The mails notify() queues for these notifications, by each member's stored toggles. */
async function notificationMails(tx: Db, inputs: NotificationInput[]): Promise<QueuedEmail[]> {
  const mailed = inputs.filter((n) => mailRule[n.type] !== 'own');
  if (mailed.length === 0) return [];
  const recipients = new Map(
    (await findMailRecipients(tx, [...new Set(mailed.map((n) => n.userId))])).map((r) => [r.id, r]),
  );
  const mails: QueuedEmail[] = [];
  for (const input of mailed) {
    const to = recipients.get(input.userId);
    if (!to) continue;
    // No settings row means the spec's defaults: e-mail, stock alerts and price changes on.
    const wantsMail = to.emailNotifications ?? true;
    const wantsStock = to.stockAlerts ?? true;
    const wantsPrices = to.priceChangeNotifications ?? true;
    const rule = mailRule[input.type];
    if (rule === 'emailNotifications' && !wantsMail) continue;
    if (rule === 'stockAlerts' && !(wantsMail && wantsStock)) continue;
    if (rule === 'priceChangeNotifications' && !(wantsMail && wantsPrices)) continue;
    mails.push({
      to: to.email,
      email: notificationEmail(input, to.name),
      options: { relatedTo: input.relatedId ? `notification:${input.type}:${input.relatedId}` : undefined },
    });
  }
  return mails;
}

/**
 * Writes notifications with the event that causes them: pass the event's transaction, so a
 * notification exists exactly when its event committed. In the same transaction it queues their
 * e-mails by the members' preferences (see mailRule), with the caller's own mails of the event
 * (`alsoMail`), and announces them to every instance's open streams and wakes the mail job in one
 * NOTIFY statement (delivered at commit). The one place a notification becomes real-time and mailed.
 */
export async function notify(
  tx: Db,
  inputs: NotificationInput[],
  now: Date,
  alsoMail: QueuedEmail[] = [],
): Promise<void> {
  if (inputs.length === 0) {
    await enqueueEmails(tx, alsoMail, now);
    return;
  }
  const rows = await insertNotifications(
    tx,
    inputs.map((n) => ({ ...n, relatedId: n.relatedId ?? null, createdAt: now })),
  );
  const mails = [...(await notificationMails(tx, inputs)), ...alsoMail];
  await insertEmails(tx, mails, now);
  await publishEvents(
    tx,
    rows.map((r) => ({ kind: 'notification' as const, userId: r.userId, seq: r.seq, id: r.id, type: r.type })),
    mails.length > 0 ? [MAIL_DELIVERY_JOB] : [],
  );
}

/** The same notification for every active admin (new applications, disputes waiting for a decision). */
export async function notifyAdmins(tx: Db, input: Omit<NotificationInput, 'userId'>, now: Date): Promise<void> {
  const admins = await findActiveAdminIds(tx);
  await notify(
    tx,
    admins.map((userId) => ({ ...input, userId })),
    now,
  );
}

const notFound = () => new AppError('NOT_FOUND', tradingMessages.notifications.notFound);

type NotificationRow = Omit<Awaited<ReturnType<typeof findNotifications>>['rows'][number], 'unread'>;

function toNotification(n: NotificationRow) {
  return {
    id: n.id,
    type: n.type,
    title: n.title,
    message: n.message,
    timestamp: n.createdAt.toISOString(),
    isRead: n.readAt !== null,
    actionUrl: n.actionUrl,
    actionText: n.actionText,
  };
}

/** The member's newest notifications that were not dismissed, and how many of them are unread. */
export async function listNotifications(ctx: MemberContext): Promise<NotificationList> {
  const { rows, unreadCount } = await findNotifications(ctx.db, ctx.user.id, NOTIFICATION_LIST_LIMIT);
  return { notifications: rows.map(toNotification), unreadCount };
}

/** /bildirimler: one page of the member's notifications, newest first, filtered by unread and type. */
export async function listNotificationPage(
  ctx: MemberContext,
  query: { unread: boolean; type?: NotificationType; page: number },
): Promise<NotificationPage> {
  const [{ rows, total }, unreadCount] = await Promise.all([
    findNotificationPage(
      ctx.db,
      ctx.user.id,
      { unreadOnly: query.unread, type: query.type },
      { limit: NOTIFICATION_PAGE_SIZE, offset: (query.page - 1) * NOTIFICATION_PAGE_SIZE },
    ),
    countUnreadNotifications(ctx.db, ctx.user.id),
  ]);
  return {
    notifications: rows.map(toNotification),
    page: query.page,
    pageSize: NOTIFICATION_PAGE_SIZE,
    total,
    unreadCount,
  };
}

/** Marks one of the member's own notifications read; anyone else's answers as if it did not exist. */
export async function readNotification(ctx: MemberContext, id: string): Promise<void> {
  if (!(await markNotificationRead(ctx.db, ctx.user.id, id, ctx.clock.now()))) throw notFound();
  await publishBadgeChange(ctx.db, ctx.user.id);
}

export async function readAllNotifications(ctx: MemberContext): Promise<void> {
  await markAllNotificationsRead(ctx.db, ctx.user.id, ctx.clock.now());
  await publishBadgeChange(ctx.db, ctx.user.id);
}

/** Hides one of the member's own notifications from the bell. */
export async function dismissOwnNotification(ctx: MemberContext, id: string): Promise<void> {
  if (!(await dismissNotification(ctx.db, ctx.user.id, id, ctx.clock.now()))) throw notFound();
  await publishBadgeChange(ctx.db, ctx.user.id);
}

/** A stream's resume: the member's notifications after `afterSeq`, oldest first. */
export async function notificationEventsAfter(db: Db, userId: string, afterSeq: number, limit: number) {
  return findNotificationsAfter(db, userId, afterSeq, limit);
}

/** The seq of the member's newest notification (0 for none): where a fresh stream starts. */
export async function latestNotificationSeq(db: Db, userId: string): Promise<number> {
  return findLatestNotificationSeq(db, userId);
}

/** How many of the member's notifications are unread (the bell's badge). */
export async function countUnreadNotificationsOf(ctx: MemberContext): Promise<number> {
  return countUnreadNotifications(ctx.db, ctx.user.id);
}
