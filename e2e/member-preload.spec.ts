import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addOfferToCart, signIn } from './support/trading.ts';

/**
 * A member's most opened screens start their data with the document (decision 049): the document
 * preloads the screen's API addresses and chunks, and the app's own fetch takes the preloaded answer
 * (one request per address, no "preload not used" warning). The cart's quote, a POST, starts in
 * main.tsx without waiting for the session (the page itself waits for it).
 */

/** Every request of the page from now on, and the console's warnings about preloads. */
function watchNetwork(page: Page) {
  const requests: Request[] = [];
  const preloadWarnings: string[] = [];
  page.on('request', (request) => requests.push(request));
  page.on('console', (message) => {
    if (message.type() === 'warning' && /preload/i.test(message.text())) preloadWarnings.push(message.text());
  });
  const to = (pattern: RegExp) =>
    requests.filter((request) => pattern.test(new URL(request.url()).pathname + new URL(request.url()).search));
  return { requests, preloadWarnings, to };
}

/** When a request began and when its answer ended, in epoch milliseconds. */
async function span(request: Request) {
  await request.response().then((response) => response?.finished());
  const timing = request.timing();
  return { start: timing.startTime, end: timing.startTime + timing.responseEnd };
}

/** The page's chunk arrives this late, so that a data request made only once the page has loaded shows. */
const CHUNK_DELAY_MS = 1_000;

/** Holds back the answers for `chunk` (a path pattern) by CHUNK_DELAY_MS. */
async function delayChunk(page: Page, chunk: RegExp) {
  await page.route(
    (url) => chunk.test(url.pathname),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, CHUNK_DELAY_MS));
      await route.continue();
    },
  );
}

/** Chrome warns of a preload left unused a few seconds after the load event. */
const UNUSED_PRELOAD_WARNING_MS = 3_500;

/**
 * Opens a member screen as a new document, its chunk held back: the data request starts before the
 * chunk has arrived, the app's fetch takes the preloaded answer (one request; on /bildirimler the
 * live stream's "ready" may refresh it once more, after it opened), and no preload goes unused.
 */
async function expectPreloaded(page: Page, url: string, apiPath: RegExp, chunk: RegExp, ready: () => Promise<void>) {
  const network = watchNetwork(page);
  await delayChunk(page, chunk);
  await page.goto(url);
  await ready();
  await page.waitForTimeout(UNUSED_PRELOAD_WARNING_MS);
  const data = network.to(apiPath);
  const chunks = network.to(chunk);
  expect(data.length, `${url}: the data was fetched`).toBeGreaterThanOrEqual(1);
  expect(network.to(/^\/api\/auth\/session$/), `${url}: one request for the session`).toHaveLength(1);
  expect(chunks, `${url}: one request for the page's chunk`).toHaveLength(1);
  const [first, chunkSpan] = await Promise.all([span(data[0]!), span(chunks[0]!)]);
  expect(first.start, `${url}: the data starts before the page's chunk has arrived`).toBeLessThan(chunkSpan.end);
  // Any later request is the live stream's refresh on opening (live-events.ts), never the page's first fetch.
  const events = network.to(/^\/api\/events/)[0];
  for (const again of data.slice(1)) {
    expect(events, `${url}: a second request for the data`).toBeDefined();
    expect((await span(again)).start).toBeGreaterThan((await events!.timing()).startTime);
  }
  if (!/^\/api\/notifications\//.test(new URL(data[0]!.url()).pathname))
    expect(data, `${url}: one request`).toHaveLength(1);
  expect(network.preloadWarnings, `${url}: every preload used`).toEqual([]);
}

test.describe("a member's screens start their data with the document", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'kadikoy');
  });

  /** Each screen: its address, the API address its first query fetches, its chunk, what shows once it is there. */
  const screens: { url: string; api: RegExp; chunk: RegExp; heading: 'h1' | 'orders tab' }[] = [
    {
      url: '/siparislerim?q=OPT',
      api: /^\/api\/orders\?page=1&pageSize=10&q=OPT$/,
      chunk: /^\/assets\/buyer-orders-page-[\w-]+\.js$/,
      heading: 'h1',
    },
    {
      url: '/bildirimler?okunmamis=1',
      api: /^\/api\/notifications\/page\?page=1&unread=true$/,
      chunk: /^\/assets\/notifications-page-[\w-]+\.js$/,
      heading: 'h1',
    },
    {
      url: '/dashboard?tab=orders&view=pending',
      api: /^\/api\/seller\/orders\?view=pending&page=1&pageSize=25$/,
      chunk: /^\/assets\/seller-panel-page-[\w-]+\.js$/,
      heading: 'orders tab',
    },
    {
      url: '/dashboard/orders',
      api: /^\/api\/seller\/orders\?view=all&page=1&pageSize=25$/,
      chunk: /^\/assets\/seller-section-pages-[\w-]+\.js$/,
      heading: 'h1',
    },
  ];

  for (const { url, api, chunk, heading } of screens) {
    test(`${url} fetches its first page from the document`, async ({ page, consoleErrors }) => {
      await expectPreloaded(page, url, api, chunk, () =>
        heading === 'h1'
          ? expect(page.getByRole('heading', { level: 1 })).toBeVisible()
          : expect(page.getByRole('tab', { name: /Sipariş/, selected: true })).toBeVisible(),
      );
      expect(consoleErrors).toEqual([]);
    });
  }

  test("the cart's quote goes out once, before the page's chunk has arrived", async ({ page, consoleErrors }) => {
    await addOfferToCart(page);
    const network = watchNetwork(page);
    const cartChunk = /^\/assets\/cart-route-[\w-]+\.js$/;
    await delayChunk(page, cartChunk);
    await page.goto('/sepet');
    await expect(page.getByRole('heading', { level: 1, name: 'Sepetim' })).toBeVisible();
    await expect(page.getByText(/₺/).first()).toBeVisible();
    const quotes = network.to(/^\/api\/cart\/quote$/);
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.method()).toBe('POST');
    expect(network.to(/^\/api\/auth\/session$/)).toHaveLength(1);
    const [quote, chunk] = await Promise.all([span(quotes[0]!), span(network.to(cartChunk)[0]!)]);
    // The page would ask only once its chunk had run: an earlier start is main.tsx's.
    expect(quote.start, "the quote starts before the page's chunk has arrived").toBeLessThan(chunk.end);
    expect(network.to(/^\/assets\/cart-route-[\w-]+\.js$/)).toHaveLength(1);
    expect(network.preloadWarnings).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
