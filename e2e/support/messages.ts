import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { offerFigures, openMostOfferedLens, type Store } from './trading.ts';

/**
 * Demo sellers by the @handle their offers show. Not Konak nor Nilüfer: the accounts journey
 * changes Konak's password and Nilüfer must choose a new one. Seyhan is the asking store.
 */
export const storeOfHandle: Record<string, Store> = {
  '@kadikoyoptik': 'kadikoy',
  '@cankayagozluk': 'cankaya',
  '@atakumgozlukcu': 'atakum',
};

/**
 * On the product page most sellers offer, clicks "Satıcıya Sor" on another demo store's offer and
 * waits for its thread. Returns the seller's @handle and the thread (a region named after it).
 */
export async function askAnotherStore(page: Page) {
  const offers = await openMostOfferedLens(page);
  const figures = await offerFigures(offers);
  const index = figures.findIndex((offer) => !offer.own && offer.seller in storeOfHandle);
  expect(index, "another demo store's offer").toBeGreaterThanOrEqual(0);
  const seller = figures[index].seller;
  await offers
    .nth(index)
    .getByRole('link', { name: /^Satıcıya Sor/ })
    .click();
  await expect(page).toHaveURL(/\/mesajlar\/[0-9a-f-]{36}$/);
  return { seller, thread: page.getByRole('region', { name: seller }) };
}

/** Writes a message (with images, if given) in the open thread and waits for it to be shown as sent. */
export async function sendMessage(page: Page, text: string, images: { name: string; buffer: Buffer }[] = []) {
  const thread = page.getByRole('region', { name: /^@/ });
  await thread.getByRole('textbox', { name: 'Mesajınız' }).fill(text);
  if (images.length) {
    await thread.getByLabel('Görsel ekle').setInputFiles(images.map((image) => ({ ...image, mimeType: 'image/png' })));
    await expect(thread.getByRole('img', { name: /^Ek görsel/ })).toHaveCount(images.length);
  }
  await thread.getByRole('button', { name: 'Gönder' }).click();
  const sent = thread.getByTestId('message').filter({ hasText: text });
  await expect(sent).toBeVisible();
  await expect(thread.getByRole('textbox', { name: 'Mesajınız' })).toHaveValue('');
  return sent;
}

/** What axe finds broken (WCAG 2.1 A and AA) on the page as it is now: a thread with messages. */
export async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return result.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
