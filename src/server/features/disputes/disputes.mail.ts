import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { escapeHtml } from '../../lib/html.ts';
import { button, layout, type RenderedEmail } from '../../lib/mailer/templates.ts';
import { findUserContacts } from '../../lib/user-contacts.ts';
import type { Db } from '../../db/client.ts';
import { mailLink, notify, type NotificationInput } from '../notifications/index.ts';
import type { OrderRow } from './disputes.repo.ts';

/** A dispute mail: its paragraphs, then the button (in the plain text, the line) that opens the order (`orderPath`). */
export function plainEmail(template: string, subject: string, paragraphs: string[], orderPath: string): RenderedEmail {
  const url = mailLink(orderPath);
  const action = tm.notifications.orderAction;
  return {
    template,
    subject,
    html: layout(subject, `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}\n${button(url, action)}`),
    text: [...paragraphs, `${action}: ${url}`].join('\n\n'),
  };
}

/** Notifies and mails buyer and seller in the transaction of the change they report. */
export async function tellBoth(
  tx: Db,
  order: OrderRow,
  /** Each side's notice; its `actionUrl` (the order on that side) is also the mail's button. */
  messages: {
    buyer: Omit<NotificationInput, 'userId'> & { actionUrl: string };
    seller: Omit<NotificationInput, 'userId'> & { actionUrl: string };
  },
  /** The mail's template name, and its subject for each side. */
  mail: { template: string; subject: Record<'buyer' | 'seller', string> },
  now: Date,
): Promise<void> {
  const parts = [
    { userId: order.buyerId, ...messages.buyer, subject: mail.subject.buyer },
    { userId: order.sellerId, ...messages.seller, subject: mail.subject.seller },
  ];
  await notify(
    tx,
    parts.map(({ subject: _subject, ...note }) => note),
    now,
  );
  const contacts = await findUserContacts(tx, [order.buyerId, order.sellerId]);
  for (const part of parts) {
    const contact = contacts.find((c) => c.id === part.userId);
    if (!contact) continue;
    await enqueueEmail(
      tx,
      contact.email,
      plainEmail(mail.template, part.subject, [`Merhaba ${contact.name},`, part.message], part.actionUrl),
      now,
      { relatedTo: `order:${order.id}` },
    );
  }
}
