import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADMIN, signInThroughForm } from './support/accounts.ts';
import { startMailCatcher } from './support/mail-catcher.ts';
import { expect, test } from './fixtures.ts';

/** A small but real PDF and PNG, made here so the journeys need no fixture files. */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const run = Date.now().toString(36);
const uniqueTax = (seed: number) => String(1_000_000_000 + ((Date.now() + seed * 7919) % 8_999_999_999)).slice(0, 10);

interface Applicant {
  storeName: string;
  person: string;
  email: string;
  taxNumber: string;
}

async function fillApplication(page: Page, applicant: Applicant) {
  // The store name takes the focus 100 ms after the form shows; wait for it, so that late focus
  // can never land in the middle of the steps below.
  await expect(page.getByLabel('Mağaza Adı *')).toBeFocused();
  await page.getByLabel('Mağaza Adı *').fill(applicant.storeName);
  await page.getByLabel('Yetkili Kişi *').fill(applicant.person);
  await page.getByLabel('E-posta *').fill(applicant.email);
  // The masks keep digits only, at most 11 / 10 / 13 of them.
  await page.getByLabel('Telefon *').fill('0532 123 45 67 89');
  await expect(page.getByLabel('Telefon *')).toHaveValue('05321234567');
  await page.getByLabel('İl/İlçe *').selectOption('İçel (Mersin)');
  await page.getByLabel('İlçe (İsteğe Bağlı)').fill('Yenişehir');
  await page.getByLabel('Vergi Numarası *').fill(`VN ${applicant.taxNumber}99`);
  await expect(page.getByLabel('Vergi Numarası *')).toHaveValue(applicant.taxNumber);
  await page.getByLabel('Ek Bilgiler (İsteğe Bağlı)').fill('Merkez mağazamız için başvuruyoruz.');
}

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
}

test.describe('membership applications', () => {
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  test.beforeAll(async () => {
    mail = await startMailCatcher();
  });
  test.afterAll(async () => {
    await mail.close();
  });
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('a store applies with its PDF certificate, the admin downloads it and approves, the store signs in and sets its password', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const applicant: Applicant = {
      storeName: `Deniz Optik ${run}`,
      person: 'Deniz Yılmaz',
      email: `deniz-${run}@ornek-optik.com.tr`,
      taxNumber: uniqueTax(1),
    };

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Optik Mağaza Kayıt Formu' })).toBeVisible();
    await expect(page.getByLabel('Mağaza Adı *')).toBeFocused();
    const submit = page.getByRole('button', { name: 'Başvuruyu Gönder' });
    await expect(submit).toBeDisabled();

    await fillApplication(page, applicant);
    const missing = page.getByTestId('missing-fields');
    await expect(missing).toContainText('Eksik veya hatalı bilgiler:');
    await expect(missing).toContainText('Vergi Levhası Dosyası');
    await expect(page.getByTestId('form-status')).toHaveText('Form durumu: eksik (1 alan)');

    // A file whose content is not what its name says is refused and cleared.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'levha.pdf', mimeType: 'application/pdf', buffer: png });
    await expect(page.getByText('Geçersiz dosya formatı')).toBeVisible();
    await expect(page.getByTestId('document-name')).toHaveCount(0);

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'vergi-levhasi.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByText('Dosya başarıyla yüklendi')).toBeVisible();
    await expect(page.getByTestId('document-name')).toHaveText('vergi-levhasi.pdf');
    await expect(page.getByTestId('form-status')).toHaveText('Form durumu: geçerli');

    // The live check calls ÜTS optional; the submit-time check requires it. The checklist never
    // says "Form tamamlandı" while submit would still refuse: it names what submit will ask for.
    await expect(missing).toContainText('Göndermeden önce şu alanları da doldurunuz:');
    await expect(missing.getByRole('listitem')).toHaveText(['ÜTS Numarası']);
    await expect(page.getByText('Form tamamlandı, gönderebilirsiniz!')).toHaveCount(0);
    await submit.click();
    await expect(page.getByText('Eksik bilgiler', { exact: true })).toBeVisible();
    await expect(page.getByText('Lütfen şu alanları doldurunuz: ÜTS Numarası')).toBeVisible();

    await page.getByLabel('ÜTS Numarası (İsteğe Bağlı)').fill('1234567890123');
    await expect(page.getByText('Form tamamlandı, gönderebilirsiniz!')).toBeVisible();
    await expect(missing).toHaveCount(0);
    await submit.click();
    // The toast says what happened, without the mail's id.
    const sent = page.locator('[data-sonner-toast]').filter({ hasText: 'Başvuru ve Belge Gönderildi' });
    await expect(sent).toContainText('Başvurunuz ve vergi levhanız iletildi.');
    await expect(sent).not.toContainText(/kimliği|[0-9a-f]{8}-[0-9a-f]{4}/);
    await expect(page).toHaveURL(/\/$/);

    const received = await mail.waitFor(applicant.email, /üyelik başvurunuz alındı/);
    expect(received.text).toContain(`${applicant.storeName} için OptiStok üyelik başvurunuzu aldık.`);
    const notification = await mail.waitFor(ADMIN.email, new RegExp(`Yeni üyelik başvurusu: ${applicant.storeName}`));
    expect(notification.attachments).toHaveLength(1);
    expect(Buffer.compare(notification.attachments[0].content, pdf)).toBe(0);

    // The admin finds it, downloads the certificate and approves.
    await signInAsAdmin(page);
    await page.goto('/admin/applications');
    await expect(page.getByRole('heading', { name: 'Başvuru Yönetimi' })).toBeVisible();
    await page.getByLabel('Başvurularda ara').fill(applicant.storeName.toLocaleUpperCase('tr-TR'));
    const row = page.getByTestId('application-row').filter({ hasText: applicant.storeName });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Beklemede')).toBeVisible();

    await row.getByRole('button', { name: `Detaylar: ${applicant.storeName}` }).click();
    const details = page.getByRole('dialog', { name: 'Başvuru Detayları' });
    await expect(details.getByText(applicant.taxNumber)).toBeVisible();
    await expect(details.getByText('İçel (Mersin)')).toBeVisible();
    const downloadStarted = page.waitForEvent('download');
    await details.getByRole('button', { name: 'İndir: vergi-levhasi.pdf' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe('vergi-levhasi.pdf');
    expect(Buffer.compare(await readFile((await download.path())!), pdf)).toBe(0);

    await details.getByLabel('Yönetici Notları').fill('Belgeler kontrol edildi.');
    await details.getByRole('button', { name: 'Notları Kaydet' }).click();
    await expect(page.getByText('Notlar kaydedildi')).toBeVisible();

    // Approving asks first (in the same dialog rejecting uses); cancelling changes nothing.
    await details.getByRole('button', { name: 'Onayla' }).click();
    const confirm = page.getByRole('dialog', { name: 'Başvuruyu Onayla' });
    await expect(confirm).toContainText(applicant.storeName);
    await confirm.getByRole('button', { name: 'İptal' }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByText('Beklemede')).toBeVisible();
    await row.getByRole('button', { name: `Onayla: ${applicant.storeName}` }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Onayla', exact: true }).click();
    await expect(page.getByText('Başvuru onaylandı ve kullanıcı hesabı oluşturuldu')).toBeVisible();
    const passwordDialog = page.getByRole('dialog', { name: 'Kullanıcı hesabı oluşturuldu' });
    const shownPassword = await passwordDialog.getByLabel('Geçici şifre').inputValue();
    expect(shownPassword).toMatch(/^\S{14}$/);
    await passwordDialog.getByRole('button', { name: 'Kapat', exact: true }).last().click();
    await expect(passwordDialog).toBeHidden();
    await expect(row.getByText('Onaylandı')).toBeVisible();
    await expect(row.getByRole('button', { name: /Onayla/ })).toHaveCount(0);

    // The store reads the e-mail, signs in with the temporary password and must choose its own.
    const approval = await mail.waitFor(applicant.email, /başvurunuz onaylandı/);
    const temporary = /Geçici şifreniz: (\S+)/.exec(approval.text ?? '')?.[1];
    expect(temporary).toBe(shownPassword);

    const store = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const storePage = await store.newPage();
    await storePage.goto('/login');
    await signInThroughForm(storePage, applicant.email, temporary!);
    await expect(storePage).toHaveURL(/\/force-password-reset$/);
    await storePage.getByLabel('Yeni Şifre', { exact: true }).fill('Deniz!Optik2026');
    await storePage.getByLabel('Yeni Şifre (Tekrar)').fill('Deniz!Optik2026');
    await storePage.getByRole('button', { name: 'Şifreyi Kaydet' }).click();
    await expect(storePage).toHaveURL(/\/store-dashboard$/);
    await store.close();
  });

  test('a store applies on /auth/register with a PNG, the admin rejects it with a reason and the store is told why', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const applicant: Applicant = {
      storeName: `Ilgaz Gözlük ${run}`,
      person: 'Ilgaz Şahin',
      email: `ilgaz-${run}@ornek-optik.com.tr`,
      taxNumber: uniqueTax(2),
    };
    await page.goto('/auth/register');
    // Listening for the file chooser switches on its interception, which takes a moment: start
    // now, long before the keypress, or a chooser opened too early is never reported.
    const chooser = page.waitForEvent('filechooser', { timeout: 30_000 });
    await fillApplication(page, applicant);
    await page.getByLabel('ÜTS Numarası (İsteğe Bağlı)').fill('9876543210987');
    // The drop zone is keyboard reachable and opens the file chooser.
    const dropZone = page.getByRole('button', { name: 'Vergi Levhası *' });
    await dropZone.focus();
    await expect(dropZone).toBeFocused();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'levha.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('img', { name: 'Vergi levhası önizlemesi' })).toBeVisible();
    await expect(page.getByText('0,00 MB')).toBeVisible();
    await page.getByRole('button', { name: 'Dosyayı kaldır' }).click();
    await expect(page.getByTestId('document-name')).toHaveCount(0);
    await page.locator('input[type=file]').setInputFiles({ name: 'levha.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('document-name')).toHaveText('levha.png');

    await page.getByRole('button', { name: 'Başvuruyu Gönder' }).click();
    await expect(page.getByText('Başvuru ve Belge Gönderildi')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await signInAsAdmin(page);
    await page.goto('/admin/applications');
    await page.getByRole('button', { name: 'Bekleyen' }).click();
    const row = page.getByTestId('application-row').filter({ hasText: applicant.storeName });
    await row.getByRole('button', { name: `Reddet: ${applicant.storeName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Başvuruyu Reddet' });
    await dialog.getByRole('button', { name: 'Reddet' }).click();
    await expect(dialog.getByText('Red gerekçesi en az 3 karakter olmalıdır')).toBeVisible();
    await dialog.getByLabel('Red gerekçesi').fill('Vergi levhası okunaklı değil.');
    await dialog.getByRole('button', { name: 'Reddet' }).click();
    await expect(page.getByText('Başvuru reddedildi', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0); // no longer pending
    await page.getByRole('button', { name: 'Reddedilen' }).click();
    await expect(
      page.getByTestId('application-row').filter({ hasText: applicant.storeName }).getByText('Reddedildi'),
    ).toBeVisible();

    const rejection = await mail.waitFor(applicant.email, /başvurunuz hakkında/);
    expect(rejection.text).toContain('Gerekçe: Vergi levhası okunaklı değil.');
  });
});

test.describe('application form on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('fits 375 px, and refuses a file over the 5 MB of /register with the spec’s message', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Optik Mağaza Kayıt Formu' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.locator('input[type=file]').setInputFiles({
      name: 'buyuk.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]),
    });
    await expect(page.getByText('Dosya çok büyük')).toBeVisible();
    await expect(page.getByText("Dosya boyutu 5MB'dan küçük olmalıdır.")).toBeVisible();
    await expect(page.getByTestId('document-name')).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Ana Sayfa' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
