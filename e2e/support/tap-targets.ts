import { expect, type Page } from '@playwright/test';

/** A finger's width (WCAG 2.5.5, Apple's and Google's guides): the least a control may take on a phone. */
const MIN_TAP_PX = 44;

/**
 * Every visible control a finger aims at on the screen: buttons, selects, text inputs and links that
 * stand on their own. Links inside a sentence (display inline) are exempt, as WCAG 2.5.8 allows.
 * Fails with the controls that are too small, by their text and size.
 */
export async function expectTapTargets(page: Page) {
  const small = await page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], [role="switch"], select, a[href], input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])',
    );
    const found: string[] = [];
    for (const el of Array.from(controls)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue; // not shown
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], .sr-only')) continue;
      if (el.tagName === 'A' && style.display === 'inline') continue;
      // A switch's tap area is its ::before, drawn around the track.
      const before = getComputedStyle(el, '::before');
      const grow = before.position === 'absolute' ? Math.max(0, -parseFloat(before.top) || 0) * 2 : 0;
      if (box.width + grow < min || box.height + grow < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        found.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  }, MIN_TAP_PX);
  expect(small, 'controls smaller than 44 × 44 px').toEqual([]);
}
