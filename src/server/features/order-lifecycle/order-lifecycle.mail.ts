import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import { escapeHtml } from '../../lib/html.ts';
import { button, layout, type RenderedEmail } from '../../lib/mailer/templates.ts';

function simpleMail(template: string, subject: string, body: string, url: string): RenderedEmail {
  const html = layout(subject, `<p>Merhaba,</p>\n<p>${escapeHtml(body)}</p>\n${button(url, 'Siparişlerim')}`);
  return { template, subject, html, text: `Merhaba,\n\n${body}\n\nSiparişlerim: ${url}` };
}

/** To both sides: an order not accepted or not shipped in time was cancelled and its money goes back to the buyer. */
export function lapsedOrderEmail(input: {
  template: string;
  orderNumber: string;
  body: string;
  url: string;
}): RenderedEmail {
  return simpleMail(input.template, tm.mail.shipDeadlineSubject(input.orderNumber), input.body, input.url);
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
