import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import { formatMoney } from '../../lib/mailer/order-templates.ts';
import { button, escapeHtml, layout, type RenderedEmail } from '../../lib/mailer/templates.ts';

function simpleMail(template: string, subject: string, body: string, url: string): RenderedEmail {
  const html = layout(subject, `<p>Merhaba,</p>\n<p>${escapeHtml(body)}</p>\n${button(url, 'Siparişlerim')}`);
  return { template, subject, html, text: `Merhaba,\n\n${body}\n\nSiparişlerim: ${url}` };
}

/** To both sides: an order not shipped in time was cancelled and its money goes back to the buyer. */
export function shipDeadlineEmail(input: {
  side: 'buyer' | 'seller';
  orderNumber: string;
  totalKurus: number;
  url: string;
}): RenderedEmail {
  const body =
    input.side === 'buyer'
      ? tm.notifications.shipDeadlineBuyerBody(input.orderNumber, formatMoney(input.totalKurus))
      : tm.notifications.shipDeadlineSellerBody(input.orderNumber);
  return simpleMail('order_ship_deadline', tm.mail.shipDeadlineSubject(input.orderNumber), body, input.url);
}

/** To the buyer a day before the automatic release. */
export function releaseReminderEmail(input: { orderNumber: string; url: string }): RenderedEmail {
  return simpleMail(
    'order_release_reminder',
    tm.mail.releaseReminderSubject(input.orderNumber),
    tm.notifications.releaseReminderBody(input.orderNumber),
    input.url,
  );
}
