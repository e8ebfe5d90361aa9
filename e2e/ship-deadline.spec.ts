import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from '../test/server-process.ts';
import { ADMIN, DEMO_PASSWORD } from './support/accounts.ts';
import { expect, test as base } from './fixtures.ts';
import { ORDER_ACCEPT_HOURS } from '../src/shared/constants.ts';
import { expectNoCodesAndAxeClean } from './support/order-screens.ts';
import {
  buyFromDemoSeller,
  buyListing,
  expectTimelineEvent,
  listingInStock,
  signIn,
  stockOnProductPage,
  switchTo,
} from './support/trading.ts';

/**
 * The ship-by deadline, seen in the browser. The suite's server keeps a real clock, so this journey
 * runs its own production server on its own data: the purchase happens on it, then it is restarted
 * on the same data with CLOCK_OFFSET_MS (a test-only start-up setting the server refuses in
 * production) moved past the order's ship-by deadline — the listing's handling days plus the
 * platform's default 2 grace days, plus 6 hours — and the ship-deadline sweep, which runs at
 * start-up, cancels and refunds the unshipped order. The move must stay under the 7-day absolute
 * session lifetime (sessions are stamped by the wall clock, checked by the server's clock), so the
 * journey buys an offer handled within 4 days. A second journey lets a seller's 24-hour approval
 * window pass the same way and reads the cancelled order at 375 px (issue 22).
 */
const buildDir = process.env.BUILD_DIR ?? 'dist';
const HOUR_MS = 3_600_000;
const GRACE_DAYS = 2;
const MAX_HANDLING_DAYS = 4;

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface DeadlineServer {
  origin: string;
  /** Stops the server (cleanly) and starts it again on the same data with its clock moved ahead. */
  restartAhead(offsetMs: number): Promise<void>;
}

const test = base.extend<{ deadlineServer: DeadlineServer }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  deadlineServer: async ({}, use) => {
    const port = await freeLoopbackPort();
    const origin = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'optistok-e2e-deadline-'));
    // As playwright.config.ts starts the suite's server, less mail (nothing here reads it).
    const settings = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.resolve(buildDir, 'web'),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO_DATA: 'true',
      APP_URL: origin,
      DEMO_PASSWORD,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    const start = async (extra: Record<string, string> = {}) => {
      const server = startServer({ ...settings, ...extra }, [path.resolve(buildDir, 'server', 'main.js')]);
      await server.waitForStdout(/OptiStok is running at/, 120_000);
      return server;
    };
    let server: ServerProcess = await start();
    try {
      await use({
        origin,
        restartAhead: async (offsetMs) => {
          const stopping = Date.now();
          server.child.kill('SIGTERM');
          expect((await server.exited).code, `${server.stdout()}\n${server.stderr()}`).toBe(0);
          expect(Date.now() - stopping).toBeLessThan(10_000);
          server = await start({ CLOCK_OFFSET_MS: String(offsetMs) });
          await server.waitForStdout(new RegExp(`Test clock: running ${offsetMs} ms ahead`), 5_000);
        },
      });
    } finally {
      server.kill();
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  baseURL: async ({ deadlineServer }, use) => use(deadlineServer.origin),
});

test.describe('ship-by deadline', () => {
  // The open page's event stream and its pollers (notifications, unread messages) hit the server
  // while it restarts: refused while it is down, or 503 while the old one drains its connections;
  // expected, and they come back once the server listens again.
  test.beforeEach(({ allowConsoleErrors }) =>
    allowConsoleErrors(/(ERR_CONNECTION_REFUSED|status of 503 \(Service Unavailable\)) \(.*\/api\//),
  );

  test('an order not shipped in time is cancelled and refunded: both sides see it and the stock is back', async ({
    page,
    deadlineServer,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'kadikoy');
    const { number, offer, seller, productUrl } = await buyFromDemoSeller(
      page,
      (o) => o.handlingDays <= MAX_HANDLING_DAYS,
    );
    await page.goto(productUrl);
    expect(await stockOnProductPage(page, offer.id)).toBe(offer.stock - 1);
    await page.goto('/siparislerim');
    const card = page.getByRole('listitem').filter({ hasText: number });
    await expect(card.getByText('Ödeme Alındı')).toBeVisible();

    // The page stays open: its event stream and keep-alive connections must not hold up the shutdown.
    await deadlineServer.restartAhead((offer.handlingDays + GRACE_DAYS) * 24 * HOUR_MS + 6 * HOUR_MS);

    // The buyer: cancelled, the whole amount refunded, and the refund in the timeline.
    await switchTo(page, 'kadikoy');
    await expect
      .poll(
        async () => {
          await page.goto('/siparislerim');
          await expect(card.or(page.getByText('Henüz siparişiniz yok'))).toBeVisible();
          return card.getByText('İptal Edildi').count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    // The whole amount went back: the refund equals the order's total.
    const fact = (label: string) =>
      card
        .locator('div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd');
    await expect(fact('İade edilen')).toHaveText(await fact('Toplam').innerText());
    await card.getByRole('link', { name: 'Detay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Sipariş ${number}` })).toBeVisible();
    await expectTimelineEvent(page, 'Ödeme alıcıya iade edildi');
    await expect(page.getByText('Sipariş zamanında kargolanmadığı için iptal edildi')).toBeVisible();

    // The seller: the order is cancelled on their side too.
    await switchTo(page, seller);
    await page.goto('/dashboard?tab=orders');
    const row = page.getByRole('row').filter({ hasText: number }).first();
    await expect(row).toBeVisible();
    await expect(row.getByText('İptal Edildi')).toBeVisible();

    // The unit is back on the listing.
    await page.goto(productUrl);
    expect(await stockOnProductPage(page, offer.id)).toBe(offer.stock);
  });

  test('an order its seller did not approve in time reads "İptal Edildi" on a phone, for both sides and without codes', async ({
    page,
    deadlineServer,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 375, height: 812 });
    // Kadıköy keeps automatic approval off (the demo data's choice): Seyhan buys one of its listings.
    await signIn(page, 'kadikoy');
    const listing = await listingInStock(page);
    await switchTo(page, 'seyhan');
    const number = await buyListing(page, listing.id);

    await deadlineServer.restartAhead((ORDER_ACCEPT_HOURS + 1) * HOUR_MS);

    // The buyer: cancelled, with the reason in the timeline, on screens fit for a finger.
    await switchTo(page, 'seyhan');
    const card = page.getByRole('listitem').filter({ hasText: number });
    await expect
      .poll(
        async () => {
          await page.goto('/siparislerim');
          await expect(card).toBeVisible();
          return card.getByText('İptal Edildi').count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expectNoCodesAndAxeClean(page);
    await card.getByRole('link', { name: 'Detay' }).click();
    await expect(page.getByText('Satıcı 24 saat içinde onaylamadı, sipariş iptal edildi').first()).toBeVisible();
    await expectNoCodesAndAxeClean(page);

    // The seller: the same label on the order's card.
    await switchTo(page, 'kadikoy');
    await page.goto('/dashboard?tab=orders');
    await expect(page.getByRole('listitem').filter({ hasText: number }).getByText('İptal Edildi')).toBeVisible();
    await expectNoCodesAndAxeClean(page);
  });
});
