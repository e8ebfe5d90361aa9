import { test as base, expect, type Page } from '@playwright/test';
import { QUERY_STATE_ELEMENT_ID } from '../src/shared/server-render.ts';

/**
 * Each test is its own client: it sends its own address (from the range set aside for tests,
 * RFC 2544) through the proxy header the e2e server trusts, so the per-address limits (30 sign-ins
 * in 15 minutes …) count one test's requests, as they would count one shop's, not the whole suite's.
 */
function clientAddressOf(testId: string): string {
  let hash = 0;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `198.18.${(hash >>> 8) % 256}.${hash % 256}`;
}

/**
 * Whether the page arrived server-rendered: it carries its query cache (#shared/server-render.ts). A page
 * rendered in the browser has no buttons before the app runs, so only these need the wait.
 */
async function isServerRendered(page: Page): Promise<boolean> {
  return page.evaluate((id) => document.getElementById(id) !== null, QUERY_STATE_ELEMENT_ID).catch(() => false);
}

/**
 * Every page test fails on a console error or an uncaught exception (CSP violations included),
 * unless the test opts out for an error it provokes on purpose.
 */
export const test = base.extend<{ consoleErrors: string[]; allowConsoleErrors: (pattern: RegExp) => void }>({
  /**
   * A visitor's public page arrives server-rendered (decision 045), and a tap before hydration does
   * nothing: a navigation by goto or reload to such a page waits until the app has taken over the
   * document (app-shell.tsx sets the mark), as a person waits for a page to finish loading.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    const waitForApp = async <T>(response: T) => {
      if (javaScriptEnabled !== false && (await isServerRendered(page))) {
        await page.waitForFunction(() => 'interactive' in document.documentElement.dataset);
      }
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => waitForApp(await goto(url, options));
    page.reload = async (options) => waitForApp(await reload(options));
    await use(page);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressOf(`${testInfo.testId}:${testInfo.retry}`) });
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // A failed resource's text does not name it: the address says which request failed.
      const { url } = message.location();
      if (message.type() === 'error') errors.push(url ? `${message.text()} (${url})` : message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  allowConsoleErrors: async ({ consoleErrors }, use) => {
    const allowed: RegExp[] = [];
    await use((pattern) => allowed.push(pattern));
    const unexpected = consoleErrors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
    expect(unexpected, 'console errors').toEqual([]);
  },
});

export { expect };
