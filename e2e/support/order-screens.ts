import { expect, type Page } from '@playwright/test';
import { axeViolations } from './messages.ts';
import { expectTapTargets } from './tap-targets.ts';

/** Status and carrier codes must never reach a screen people read (issue 22). */
// Whole words in Turkish: \b would take "arası" for the carrier code "aras" (ı is not a \w).
export const CODES =
  /awaiting_|paid_escrow|partially_refunded|delivery_confirmed|cancelled|(?<!\p{L})(?:aras|yurtici|mng)(?!\p{L})/u;

/** No codes, axe clean, and every control big enough for a finger. */
export async function expectNoCodesAndAxeClean(page: Page) {
  expect(CODES.exec(await page.locator('main').innerText())).toBeNull();
  // A toast fading in has, for a moment, too little contrast for axe: judge the screen at rest.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await axeViolations(page)).toEqual([]);
  await expectTapTargets(page);
}
