import { askAnotherStore, axeViolations, sendMessage } from './support/messages.ts';
import { signIn } from './support/trading.ts';
import { expect, test } from './fixtures.ts';

test.describe('messages at 375 px', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('the list and the thread take the screen in turn, and both fit it', async ({ page }) => {
    await signIn(page, 'seyhan');
    const { seller, thread } = await askAnotherStore(page);
    const text = `Mobil soru (${Date.now()})`;
    await sendMessage(page, text);
    // The thread alone: the list is hidden, the back link returns to it.
    await expect(page.getByRole('navigation', { name: 'Konuşmalar' })).toBeHidden();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await fits()).toBeLessThanOrEqual(0);
    await thread.getByRole('link', { name: 'Konuşmalara dön' }).click();
    await expect(page).toHaveURL(/\/mesajlar$/);
    const row = page.getByTestId('thread').filter({ hasText: seller });
    await expect(row).toContainText(text);
    expect(await fits()).toBeLessThanOrEqual(0);
    // The mobile menu leads to the messages too.
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /^Mesajlar/ })
      .click();
    await expect(page).toHaveURL(/\/mesajlar$/);
    await row.click();
    await expect(thread.getByTestId('message').filter({ hasText: text })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
