import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import { escapeHtml } from '../../lib/html.ts';
import { button, layout, type RenderedEmail } from '../../lib/mailer/templates.ts';

/** A mail about one order: its text and a button (and, in the plain text, a line) that opens that order. */
function simpleMail(template: string, subject: string, body: string, url: string): RenderedEmail {
  const action = tm.notifications.orderAction;
  const html = layout(subject, `<p>Merhaba,</p>\n<p>${escapeHtml(body)}</p>\n${button(url, action)}`);
  return { template, subject, html, text: `Merhaba,\n\n${body}\n\n${action}: ${url}` };
}

/**
 * To both sides: an order not accepted or not shipped in time was cancelled and its money goes back to
 * the buyer. `url` is that order's page on the recipient's side.
 */
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
