import sharp from 'sharp';
import { ADMIN, DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { askAnotherStore, axeViolations, sendMessage, storeOfHandle } from './support/messages.ts';
import { signIn } from './support/trading.ts';
import { expect, test } from './fixtures.ts';

test.describe('messages between stores', () => {
  // Uses the fixture, so a console error fails each test.
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('a buyer asks a seller from the product page; the seller sees the badge and answers; the buyer reads it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    // The buyer: Seyhan Optik asks about another store's offer.
    await signIn(page, 'seyhan');
    const { seller, thread } = await askAnotherStore(page);
    await expect(thread.getByText('İlan hakkında')).toBeVisible();
    await expect(thread.getByRole('link', { name: 'İlanı gör' })).toBeVisible();
    const question = `Bu üründen 20 kutu alabilir miyim? (${Date.now()})`;
    // The shared schema's Turkish error for an empty message.
    await thread.getByRole('button', { name: 'Gönder' }).click();
    await expect(thread.getByRole('alert')).toHaveText('Mesaj boş olamaz');
    const sent = await sendMessage(page, question);
    await expect(sent).toContainText('Gönderildi');

    // The seller, in a second browser: the badge, the thread in the list, the question; then the answer.
    const sellerContext = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': '198.18.250.7' },
    });
    const sellerPage = await sellerContext.newPage();
    const sellerErrors: string[] = [];
    sellerPage.on('console', (message) => void (message.type() === 'error' && sellerErrors.push(message.text())));
    sellerPage.on('pageerror', (error) => sellerErrors.push(error.message));
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
    const photo = await sharp({
      create: { width: 60, height: 40, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const withImage = await sendMessage(sellerPage, answer, [{ name: 'stok.png', buffer: photo }]);
    await expect(withImage).toContainText('Gönderildi');
    expect(sellerErrors, "the seller's console errors").toEqual([]);
    await sellerContext.close();

    // The buyer sees the answer, and the read receipt on the question.
    await page.reload();
    await expect(thread.getByTestId('message').filter({ hasText: answer })).toBeVisible();
    await expect(sent).toContainText('Okundu');
    await page.goto('/mesajlar');
    await expect(page.getByTestId('thread').filter({ hasText: seller })).toContainText(answer);
    await page.getByTestId('thread').filter({ hasText: seller }).click();
    await expect(sent).toBeVisible();
    // The seller's image, served to the buyer (re-encoded as WebP).
    const image = thread.getByTestId('message').filter({ hasText: answer }).getByRole('img', { name: 'Ek görsel 1' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(60);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a member with no threads sees the empty state, whose button leads to the marketplace', async ({ page }) => {
    // The admin: no journey writes to or from it.
    await page.goto('/login');
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/mesajlar');
    await expect(page.getByRole('heading', { name: 'Henüz Mesaj Yok' })).toBeVisible();
    await page.getByRole('link', { name: 'Pazaryerine Git' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
  });
});
