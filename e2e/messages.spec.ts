import { DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { offerFigures, openMostOfferedLens, signIn, type Store } from './support/trading.ts';
import { expect, test } from './fixtures.ts';

/** The demo stores by the @handle their offers show (not cankaya: it stays without threads below). */
const storeOfHandle: Record<string, Store> = {
  '@kadikoyoptik': 'kadikoy',
  '@konakoptik': 'konak',
  '@niluferlens': 'nilufer',
  '@atakumgozlukcu': 'atakum',
};

test.describe('messages between stores', () => {
  test('a buyer asks a seller from the product page; the seller sees the badge and answers; the buyer reads it', async ({
    page,
    browser,
    allowConsoleErrors,
  }) => {
    void allowConsoleErrors;
    test.setTimeout(90_000);
    // The buyer: Seyhan Optik asks about another store's offer.
    await signIn(page, 'seyhan');
    const offers = await openMostOfferedLens(page);
    const figures = await offerFigures(offers);
    const index = figures.findIndex((offer) => !offer.own && offer.seller in storeOfHandle);
    expect(index, "another demo store's offer").toBeGreaterThanOrEqual(0);
    const seller = figures[index].seller;
    await offers.nth(index).getByRole('link', { name: /^Satıcıya Sor/ }).click();

    await expect(page).toHaveURL(/\/mesajlar\/[0-9a-f-]{36}$/);
    const thread = page.getByRole('region', { name: seller });
    await expect(thread.getByText('İlan hakkında')).toBeVisible();
    await expect(thread.getByRole('link', { name: 'İlanı gör' })).toBeVisible();
    const question = `Bu üründen 20 kutu alabilir miyim? (${Date.now()})`;
    // The shared schema's Turkish error for an empty message.
    await thread.getByRole('button', { name: 'Gönder' }).click();
    await expect(thread.getByRole('alert')).toHaveText('Mesaj boş olamaz');
    await thread.getByRole('textbox', { name: 'Mesajınız' }).fill(question);
    await thread.getByRole('button', { name: 'Gönder' }).click();
    const sent = thread.getByTestId('message').filter({ hasText: question });
    await expect(sent).toContainText('Gönderildi');
    await expect(thread.getByRole('textbox', { name: 'Mesajınız' })).toHaveValue('');

    // The seller, in a second browser: the badge, the thread in the list, the question; then the answer.
    const sellerContext = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': '198.18.250.7' },
    });
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto('/login');
    await signInThroughForm(sellerPage, demoStore(storeOfHandle[seller]), DEMO_PASSWORD);
    await expect(sellerPage.getByRole('link', { name: /^Mesajlar, \d+ okunmamış$/ })).toBeVisible();
    await expect(sellerPage.getByTestId('messages-badge')).toBeVisible();
    await sellerPage.getByRole('link', { name: /^Mesajlar, \d+ okunmamış$/ }).click();
    await expect(sellerPage).toHaveURL(/\/mesajlar$/);
    const row = sellerPage.getByTestId('thread').filter({ hasText: '@seyhanoptik' });
    await expect(row).toContainText(question);
    await expect(row.getByTestId('thread-unread')).toContainText('1');
    await row.click();
    const sellerThread = sellerPage.getByRole('region', { name: '@seyhanoptik' });
    await expect(sellerThread.getByTestId('message').filter({ hasText: question })).toBeVisible();
    // Opening the thread reads it: the badge goes.
    await expect(sellerPage.getByTestId('messages-badge')).toHaveCount(0);
    const answer = 'Evet, stokta 20 kutu var; siparişinizi bekliyoruz.';
    await sellerThread.getByRole('textbox', { name: 'Mesajınız' }).fill(answer);
    await sellerThread.getByRole('button', { name: 'Gönder' }).click();
    await expect(sellerThread.getByTestId('message').filter({ hasText: answer })).toContainText('Gönderildi');
    await sellerContext.close();

    // The buyer sees the answer, and the read receipt on the question.
    await page.reload();
    await expect(thread.getByTestId('message').filter({ hasText: answer })).toBeVisible();
    await expect(sent).toContainText('Okundu');
    await page.goto('/mesajlar');
    await expect(page.getByTestId('thread').filter({ hasText: seller })).toContainText(answer);
  });

  test('a store with no threads sees the empty state, whose button leads to the marketplace', async ({ page }) => {
    await signIn(page, 'cankaya');
    await page.goto('/mesajlar');
    await expect(page.getByRole('heading', { name: 'Henüz Mesaj Yok' })).toBeVisible();
    await page.getByRole('link', { name: 'Pazaryerine Git' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
  });
});
