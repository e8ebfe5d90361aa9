import { ADMIN, DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { startMailCatcher } from './support/mail-catcher.ts';
import { expect, test } from './fixtures.ts';

test.describe('accounts', () => {
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  test.beforeAll(async () => {
    mail = await startMailCatcher();
  });
  test.afterAll(async () => {
    await mail.close();
  });
  test.beforeEach(({ allowConsoleErrors }) => {
    // Refused sign-ins (401/403) and the reused reset link (400) are reported as failed resources.
    allowConsoleErrors(/status of 40[013]/);
  });

  test('a wrong password shows the Turkish error, the right one signs in to the member home', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Giriş Yap', exact: true });
    await expect(submit).toBeDisabled();
    await signInThroughForm(page, demoStore('kadikoy'), 'Yanlis!Sifre1');
    await expect(page.getByRole('alert')).toHaveText('E-posta veya şifre hatalı. Lütfen kontrol edin.');
    await page.getByLabel('Şifre', { exact: true }).fill(DEMO_PASSWORD);
    await submit.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /Hoş geldiniz, Kadıköy Optik/ })).toBeVisible();
    // The account button names the store (full name, else e-mail), as the mobile menu does.
    const account = page.getByRole('button', { name: /Hesap menüsü/ });
    await expect(account).toContainText('Kadıköy Optik');
    await expect(account).not.toContainText('Kullanıcı');
  });

  test('guards send a visitor to sign-in and back to the page they wanted; logout returns home', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signInThroughForm(page, demoStore('seyhan'), DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Ayarlar', level: 1 })).toBeVisible();

    // Settings are stored on the server: a toggle survives a reload.
    const marketing = page.getByRole('switch', { name: 'Pazarlama E-postaları' });
    await expect(marketing).toHaveAttribute('aria-checked', 'false');
    await marketing.click();
    await expect(page.getByText('Ayarlarınız kaydedildi.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Pazarlama E-postaları' })).toHaveAttribute('aria-checked', 'true');
    // There is no SMS provider yet: the switch is off and cannot be turned on.
    await expect(page.getByRole('switch', { name: /SMS Bildirimleri/ })).toBeDisabled();

    // A member is turned away from the admin area.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard/);

    await page.getByRole('button', { name: /Hesap menüsü/ }).click();
    await page.getByRole('menuitem', { name: 'Çıkış Yap' }).click();
    await expect(page.getByText('Başarıyla çıkış yaptınız.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Optik mağazalar arası güvenli stok ticareti');
  });

  test('forgot password: the e-mailed single-use link sets a new password', async ({ page }) => {
    const email = demoStore('konak');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Şifremi unuttum' }).click();
    // The page loads lazily: until its heading shows, 'E-posta' is still the sign-in form's field.
    await expect(page.getByRole('heading', { name: 'Şifremi Unuttum' })).toBeVisible();
    await page.getByLabel('E-posta').fill(email);
    await page.getByRole('button', { name: 'Sıfırlama Bağlantısı Gönder' }).click();
    await expect(page.getByText(/şifre sıfırlama bağlantısı gönderildi/)).toBeVisible();

    const message = await mail.waitFor(email, /şifre sıfırlama/i);
    const link = /https?:\/\/\S+\/reset-password\?token=[^\s"<]+/.exec(message.text ?? '')?.[0];
    expect(link, 'reset link in the e-mail').toBeTruthy();

    await page.goto(link!);
    await page.getByLabel('Yeni Şifre', { exact: true }).fill('Konak!Yeni2026');
    await page.getByLabel('Yeni Şifre (Tekrar)').fill('Konak!Yeni2026');
    await page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
    await expect(page.getByText('Şifreniz güncellendi. Yeni şifrenizle giriş yapabilirsiniz.')).toBeVisible();

    // The link is single-use.
    await page.goto(link!);
    await page.getByLabel('Yeni Şifre', { exact: true }).fill('Konak!Baska2026');
    await page.getByLabel('Yeni Şifre (Tekrar)').fill('Konak!Baska2026');
    await page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
    await expect(page.getByText(/bağlantısı geçersiz veya süresi dolmuş/)).toBeVisible();

    await page.goto('/login');
    await signInThroughForm(page, email, 'Konak!Yeni2026');
    await expect(page.getByRole('heading', { name: /Hoş geldiniz/ })).toBeVisible();
  });

  test('forced reset: a user flagged by an admin must choose a new password and lands on the store dashboard', async ({
    page,
    browser,
  }) => {
    const email = demoStore('nilufer');
    // The admin forces the reset (the admin screens come later; the API is the same).
    const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const origin = { Origin: test.info().project.use.baseURL! };
    expect((await admin.request.post('/api/auth/sign-in', { data: ADMIN, headers: origin })).status()).toBe(200);
    const reset = await admin.request.post('/api/admin/users/nlfer0demo/force-password-reset', {
      data: { reason: 'Güvenlik kontrolü' },
      headers: origin,
    });
    expect(reset.status()).toBe(200);
    await admin.close();

    const message = await mail.waitFor(email, /sıfırlandı/);
    const temporary = /Geçici şifreniz: (\S+)/.exec(message.text ?? '')?.[1];
    expect(temporary).toBeTruthy();

    await page.goto('/login');
    await signInThroughForm(page, email, temporary!);
    await expect(page).toHaveURL(/\/force-password-reset$/);
    // Nothing else is reachable until the new password is set.
    await page.goto('/profilim');
    await expect(page).toHaveURL(/\/force-password-reset$/);

    const save = page.getByRole('button', { name: 'Şifreyi Kaydet' });
    await page.getByLabel('Yeni Şifre', { exact: true }).fill('Nilufer!2026x');
    await page.getByLabel('Yeni Şifre (Tekrar)').fill('Nilufer!2026y');
    await save.click();
    await expect(page.getByText('Şifreler eşleşmiyor')).toBeVisible();
    await page.getByLabel('Yeni Şifre', { exact: true }).fill('kisa');
    await page.getByLabel('Yeni Şifre (Tekrar)').fill('kisa');
    await save.click();
    await expect(
      page.getByText(/Şifre en az 8 karakter olmalıdır, Şifre en az bir büyük harf içermelidir/),
    ).toBeVisible();
    await page.getByLabel('Yeni Şifre', { exact: true }).fill('Nilufer!2026x');
    await page.getByLabel('Yeni Şifre (Tekrar)').fill('Nilufer!2026x');
    await save.click();
    await expect(page.getByText('Şifreniz başarıyla güncellendi. Yönlendiriliyorsunuz...')).toBeVisible();
    await expect(page).toHaveURL(/\/store-dashboard$/);
  });
});

test.describe('accounts on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('the signed-in mobile menu shows the profile summary and the account section', async ({ page }) => {
    await page.goto('/login');
    await signInThroughForm(page, demoStore('atakum'), DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: /Hoş geldiniz/ })).toBeVisible();
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByText('Atakum Gözlükçüsü')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Favorilerim' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Satıcı Paneli' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Giriş Yap' })).toHaveCount(0);
    await menu.getByRole('button', { name: 'Çıkış Yap' }).click();
    await expect(page.getByText('Başarıyla çıkış yaptınız.')).toBeVisible();
  });
});
