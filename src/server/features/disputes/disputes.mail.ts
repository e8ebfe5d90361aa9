import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { escapeHtml } from '../../lib/html.ts';
import { layout, type RenderedEmail } from '../../lib/mailer/templates.ts';
import { findUserContacts } from '../../lib/user-contacts.ts';
import type { Db } from '../../db/client.ts';
import { notify, type NotificationInput } from '../notifications/index.ts';
import type { OrderRow } from './disputes.repo.ts';

export function plainEmail(template: string, subject: string, paragraphs: string[]): RenderedEmail {
  return {
    template,
    subject,
    html: layout(subject, paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')),
    text: paragraphs.join('\n\n'),
  };
}

/** Notifies and mails buyer and seller in the transaction of the change they report. */
export async function tellBoth(
  tx: Db,
  order: OrderRow,
  messages: { buyer: Omit<NotificationInput, 'userId'>; seller: Omit<NotificationInput, 'userId'> },
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
      plainEmail(mail.template, part.subject, [`Merhaba ${contact.name},`, part.message]),
      now,
      { relatedTo: `order:${order.id}` },
    );
  }
}
