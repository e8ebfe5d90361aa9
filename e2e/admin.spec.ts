import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { startMailCatcher } from './support/mail-catcher.ts';
import { expect, test } from './fixtures.ts';

const run = Date.now().toString(36);
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

function originOf(page: Page) {
  return { origin: new URL(page.url()).origin };
}

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
}

let memberCount = 0;
/**
 * A member of this run's own: a store applies and the (signed-in) admin approves it, so the
 * journeys below change nobody the other specs rely on.
 */
async function createMember(request: APIRequestContext, origin: { origin: string }, person: string) {
  const email = `uye-${run}-${++memberCount}@ornek-optik.com.tr`;
  const applied = await request.post('/api/applications', {
    headers: origin,
    multipart: {
      storeName: `Işıl Optik ${run}`,
      authorizedPerson: person,
      email,
      phone: '05321234567',
      cityDistrict: 'İzmir',
      taxNumber: String(1_000_000_000 + (Date.now() % 8_999_999_999)).slice(0, 10),
      utsNumber: '1234567890123',
      document: { name: 'vergi-levhasi.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const approved = await request.post(`/api/admin/applications/${(await applied.json()).id}/approve`, {
    headers: origin,
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { email, userId: (await approved.json()).userId as string };
}

test.describe('admin panel', () => {
  test.beforeEach(({ allowConsoleErrors }) => {
    // Refused requests (a member on an admin API) are reported as failed resources.
    allowConsoleErrors(/status of 40[13]/);
  });

  test('the admin finds a user, changes the role with a reason, sees it on the security card and exports users', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    const person = 'Şule Işıkçı Öztürk';
    const member = await createMember(page.request, originOf(page), person);

    await page.goto('/user-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Kullanıcı Yönetimi' })).toBeVisible();
    // Ctrl/Cmd+K focuses the page's search box; the search folds Turkish letters.
    await page.keyboard.press('ControlOrMeta+K');
    const search = page.getByLabel('Kullanıcı ara');
    await expect(search).toBeFocused();
    await page.keyboard.type('sule isikci');
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(member.email);

    await rows
      .first()
      .getByRole('button', { name: `Detaylar: ${person}` })
      .click();
    const details = page.getByRole('dialog', { name: person });
    await expect(
      details.getByText(`OPT#${member.userId.slice(0, 5).toLocaleUpperCase('tr-TR')}`).first(),
    ).toBeVisible();
    await expect(details.getByRole('heading', { name: 'Son Güvenlik Olayları' })).toBeVisible();

    // One user as JSON.
    const jsonDownload = page.waitForEvent('download');
    await details.getByRole('button', { name: 'JSON İndir' }).click();
    const exported = JSON.parse(await readFile((await (await jsonDownload).path())!, 'utf8'));
    expect(exported.user).toMatchObject({ id: member.userId, email: member.email, fullName: person });

    // The role button waits for a different role; a reason is required.
    const changeRole = details.getByRole('button', { name: 'Rolü Değiştir' });
    await expect(changeRole).toBeDisabled();
    await details.getByLabel('Yeni rol').selectOption('Optisyen');
    await expect(changeRole).toBeEnabled();
    await changeRole.click();
    await expect(details.getByText('Gerekçe gereklidir')).toBeVisible();
    await details
      .getByRole('form', { name: 'Rol Değiştir' })
      .getByLabel('Gerekçe')
      .fill('Optisyen belgesi teslim edildi');
    await changeRole.click();
    await expect(page.getByText('Kullanıcının rolü değiştirildi.')).toBeVisible();
    await expect(details.getByRole('definition').filter({ hasText: /^Optisyen$/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // The overview's security card lists the change.
    await page.goto('/admin');
    const card = page.getByTestId('role-changes');
    await expect(card.getByText(person)).toBeVisible();
    await expect(card.getByText('Mağaza Sahibi → Optisyen')).toBeVisible();
    await expect(card.getByText('Gerekçe: Optisyen belgesi teslim edildi')).toBeVisible();

    // CSV export: UTF-8 with the BOM, Turkish letters intact.
    await page.goto('/user-management');
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV İndir' }).click();
    const download = await csvDownload;
    expect(download.suggestedFilename()).toBe('kullanicilar.csv');
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('Mağaza No;Ad Soyad;E-posta;Telefon;Rol;Genel Kullanıcı Adı;Üyelik Tarihi;Durum');
    expect(csv).toContain('Kadıköy Optik');
    expect(csv).toContain(`${person};${member.email}`);
  });

  test('Ctrl+B collapses the sidebar to icons and the choice survives a reload', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    const sidebar = page.locator('#admin-sidebar');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await expect(sidebar.getByText('Hızlı İstatistikler')).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Kenar çubuğunu daralt veya genişlet' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('ControlOrMeta+B');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByText('Hızlı İstatistikler')).toBeHidden();
    // Still named for screen readers, with the pending badge's count.
    await expect(sidebar.getByRole('link', { name: 'Güvenlik' })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'admin_sidebar');
    expect(cookie?.value).toBe('collapsed');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120);

    await page.reload();
    await expect(page.locator('#admin-sidebar')).toHaveAttribute('data-state', 'collapsed');
    await page.locator('#admin-sidebar').getByRole('link', { name: 'Sistem Durumu' }).click();
    await expect(page).toHaveURL(/\/admin\/system-status$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sistem Durumu' })).toBeVisible();

    await toggle.click();
    await expect(page.locator('#admin-sidebar')).toHaveAttribute('data-state', 'expanded');
  });

  test('the e-mail test page sends a test mail and an attachment, and keeps the results', async ({ page }) => {
    test.setTimeout(60_000);
    const mail = await startMailCatcher();
    try {
      await signInAsAdmin(page);
      await page.goto('/email-debug');
      const plain = page.getByRole('form', { name: 'Test E-postası' });
      await plain.getByLabel('E-posta adresi').fill('');
      await plain.getByRole('button', { name: 'Test E-postası Gönder' }).click();
      await expect(page.getByText('E-posta adresi gerekli')).toBeVisible();

      const to = `test-${run}@ornek-optik.com.tr`;
      await plain.getByLabel('E-posta adresi').fill(to);
      await plain.getByRole('button', { name: 'Test E-postası Gönder' }).click();
      await expect(page.getByText('E-posta testi başarılı')).toBeVisible();
      const received = await mail.waitFor(to, /OptiStok e-posta testi/);
      expect(received.text).toContain('Bu, OptiStok yönetim panelinden gönderilen bir test e-postasıdır.');

      const withFile = page.getByRole('form', { name: 'Ek Testi' });
      await withFile.getByLabel('E-posta adresi').fill(to);
      await withFile.getByRole('button', { name: 'Ek Testi Gönder' }).click();
      await expect(page.getByText('Dosya seçilmedi')).toBeVisible();
      await withFile
        .getByLabel('Dosya')
        .setInputFiles({ name: 'deneme-eki.pdf', mimeType: 'application/pdf', buffer: pdf });
      await withFile.getByRole('button', { name: 'Ek Testi Gönder' }).click();
      await expect(page.getByText('Ek testi başarılı')).toBeVisible();
      const withAttachment = await mail.waitFor(to, /OptiStok ek testi/);
      expect(withAttachment.attachments.map((a) => a.filename)).toEqual(['deneme-eki.pdf']);

      // The results are the outbox's: they survive a reload, newest first.
      await page.reload();
      const results = page.getByTestId('email-test-results').getByRole('listitem');
      await expect(results.first()).toContainText('Ek testi');
      await expect(results.first()).toContainText('Başarılı');
      await expect(results.first()).toContainText('Ek dahil: Evet');
      await expect(results.nth(1)).toContainText('E-posta testi');
    } finally {
      await mail.close();
    }
  });

  test('the security log names every event in Turkish, the titles say "Admin Paneli" once, and the panel lines up with the header', async ({
    page,
    request,
  }) => {
    await signInAsAdmin(page);
    // Two events the log showed as raw codes: an application arriving and a wrong password.
    await createMember(page.request, originOf(page), 'Güneş Ak');
    // From another client: a refused sign-in would end this page's session.
    const refused = await request.post('/api/auth/sign-in', {
      headers: originOf(page),
      data: { email: demoStore('atakum'), password: 'Yanlis!Sifre1' },
    });
    expect(refused.status()).toBe(401);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Paneli' })).toBeVisible();
    await expect(page).toHaveTitle('Admin Paneli | OptiStok');
    // At 1280 px the panel is as wide as the header's content, not edge to edge.
    const headerLeft = (await page.getByRole('link', { name: 'OptiStok ana sayfa' }).boundingBox())!.x;
    const panelLeft = (await page.locator('#admin-sidebar').boundingBox())!.x;
    expect(page.viewportSize()!.width).toBe(1280);
    expect(headerLeft).toBeGreaterThan(16);
    expect(panelLeft).toBeCloseTo(headerLeft, 0);

    await page.goto('/admin/security');
    await expect(page).toHaveTitle('Güvenlik Kayıtları | Admin Paneli | OptiStok');
    const log = page.getByTestId('security-log');
    await expect(log.getByText('Üyelik başvurusu alındı').first()).toBeVisible();
    await expect(log.getByText('Gerekçe: Hatalı e-posta veya şifre').first()).toBeVisible();
    const shown = await log.evaluate((element) => (element as HTMLElement).innerText);
    expect(shown).not.toMatch(/[a-z]+_[a-z_]+/);
  });

  test('a member who opens /admin is sent to /dashboard with "Yetkisiz erişim"', async ({ page }) => {
    await page.goto('/login');
    await signInThroughForm(page, demoStore('cankaya'), DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    for (const path of ['/admin', '/user-management', '/email-debug']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText('Yetkisiz erişim')).toBeVisible();
    }
    // The API refuses too, whatever the screen does.
    const res = await page.request.get('/api/admin/users');
    expect(res.status()).toBe(403);
    expect((await res.json()).error.message).toBe('Yetkisiz erişim');
  });
});
