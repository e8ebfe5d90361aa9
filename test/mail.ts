import { expect } from 'vitest';
import { tradingMessages as tm } from '../src/shared/messages/trading.tr.ts';
import { testOrigin } from './app.ts';

/**
 * A mail about one order opens that order: its button reads "Siparişi Görüntüle" and links to the
 * order's page on the reader's side (`path`: orderPath or sellerOrderPath), and the plain text says
 * the same; never "Siparişlerim", which would promise the whole list.
 */
export function expectOrderButton(mail: { html: string; text: string }, path: string): void {
  const url = `${testOrigin}${path}`;
  expect(mail.html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
  expect(mail.html).toContain(`>${tm.notifications.orderAction}</a>`);
  expect(mail.text).toContain(`${tm.notifications.orderAction}: ${url}`);
  expect(`${mail.html}${mail.text}`).not.toContain('Siparişlerim');
}
