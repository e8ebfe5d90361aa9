import { test as base, expect } from '@playwright/test';

/**
 * Every page test fails on a console error or an uncaught exception (CSP violations included),
 * unless the test opts out for an error it provokes on purpose.
 */
export const test = base.extend<{ consoleErrors: string[]; allowConsoleErrors: (pattern: RegExp) => void }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
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
