import type { Page } from '@playwright/test';

/** Known to the e2e server through DEMO_PASSWORD / ADMIN_* (playwright.config.ts). */
export const DEMO_PASSWORD = 'Demo!Optik2026';
export const ADMIN = { email: 'admin@e2e.optistok.local', password: 'Admin!Optik2026' };
export const demoStore = (name: 'kadikoy' | 'cankaya' | 'konak' | 'nilufer' | 'seyhan' | 'atakum') =>
  `${name}@demo.optistok.local`;

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
}
