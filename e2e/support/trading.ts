import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { ADMIN, DEMO_PASSWORD, demoStore, signInThroughForm } from './accounts.ts';

/** Shared steps of the trading journeys: filling a cart from the product page, the checkout and the sandbox bank. */

/** iyzico's published test cards, which the sandbox bank follows (spec: card payment). */
export const SUCCEEDING_CARD = '5528790000000008';
export const INSUFFICIENT_FUNDS_CARD = '4111111111111129';
export const THREE_DS_CODE = '123456';

export type Store = Parameters<typeof demoStore>[0];

export interface OfferFigures {
  id: string;
  stock: number;
  own: boolean;
  seller: string;
  handlingDays: number;
}

/** The offers on a product page, from the data attributes and the seller's @handle each row carries. */
export async function offerFigures(offers: Locator): Promise<OfferFigures[]> {
  return offers.evaluateAll((rows) =>
    rows.map((row) => ({
      id: row.getAttribute('data-listing-id')!,
      stock: Number(row.getAttribute('data-stock')),
      own: row.hasAttribute('data-own-offer'),
      handlingDays: Number(row.getAttribute('data-handling-days')),
      seller: /@[\w.-]+/.exec((row as HTMLElement).innerText)?.[0] ?? '',
    })),
  );
}

/** Searches "acuvue" and opens the product most sellers offer (the demo data has several). */
export async function openMostOfferedLens(page: Page) {
  await page.goto('/arama?q=acuvue');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();
  const sellerCounts = (await cards.allInnerTexts()).map((text) => Number(/(\d+) satıcı/.exec(text)?.[1] ?? 0));
  await cards
    .nth(sellerCounts.indexOf(Math.max(...sellerCounts)))
    .locator('h3 a')
    .click();
  await expect(page).toHaveURL(/\/urun\/[0-9a-f-]{36}$/);
  const offers = page.getByTestId('offer');
  await expect(offers.first()).toBeVisible();
  return offers;
}

export async function signIn(page: Page, store: Store) {
  await page.goto('/login');
  await signInThroughForm(page, demoStore(store), DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: /Hoş geldiniz/ })).toBeVisible();
}

export function readCart(page: Page): Promise<{ id: string; quantity: number }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
}

/**
 * Puts another store's offer in the cart through the product page, at its minimum order quantity:
 * the product of the "acuvue" search with the most sellers, its cheapest offer in stock that is not
 * the member's own. Returns the listing id.
 */
export async function addOfferToCart(page: Page): Promise<string> {
  const offers = await openMostOfferedLens(page);
  const figures = await offerFigures(offers);
  const index = figures.findIndex((offer) => offer.stock > 0 && !offer.own);
  expect(index, 'an offer of another store in stock').toBeGreaterThanOrEqual(0);
  await offers.nth(index).getByRole('button', { name: 'Sepete Ekle' }).click();
  await expect(page.getByText('Sepete eklendi')).toBeVisible();
  const listingId = figures[index].id;
  expect((await readCart(page)).map((item) => item.id)).toContain(listingId);
  return listingId;
}

/** The checkout page with the cart priced by the server (the summary shows the amount to pay). */
export async function openCheckout(page: Page) {
  await page.goto('/odeme');
  await expect(page.getByRole('heading', { level: 1, name: 'Ödeme' })).toBeVisible();
  await expect(page.getByTestId('charged-amount')).toContainText('₺');
}

export const field = {
  fullName: (page: Page) => page.getByLabel('Ad Soyad', { exact: true }),
  address: (page: Page) => page.getByLabel('Adres', { exact: true }),
  city: (page: Page) => page.getByLabel('İl', { exact: true }),
  district: (page: Page) => page.getByLabel('İlçe', { exact: true }),
  postalCode: (page: Page) => page.getByLabel('Posta Kodu (isteğe bağlı)'),
  phone: (page: Page) => page.getByLabel('Telefon', { exact: true }),
};

export const payButton = (page: Page) => page.getByRole('button', { name: 'Güvenli Ödeme Yap' });

export async function fillDeliveryAddress(page: Page) {
  await field.fullName(page).fill('Deniz Yılmaz');
  await field.address(page).fill('Caferağa Mah. Moda Cad. No: 12/3');
  await field.city(page).selectOption('İstanbul');
  await field.district(page).fill('Kadıköy');
  await field.postalCode(page).fill('34710');
  await field.phone(page).fill('0532 123 45 67');
}

/**
 * The sandbox bank: its card page, the 3-D Secure step with the test code, then its last page,
 * which posts the outcome back to us by itself (the bank decides after 3-D Secure, as iyzico does).
 */
export async function payOnSandbox(page: Page, cardNumber: string) {
  await expect(page.getByRole('heading', { name: 'Test Ödeme Sayfası' })).toBeVisible();
  await page.getByLabel('Kart Üzerindeki İsim').fill('DENIZ YILMAZ');
  await page.getByLabel('Kart Numarası').fill(cardNumber);
  await page.getByLabel('Son Kullanma Tarihi').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Öde', exact: true }).click();
  await page.getByLabel('Doğrulama Kodu').fill(THREE_DS_CODE);
  await page.getByRole('button', { name: 'Doğrula' }).click();
  // The last page sends the browser back by itself (its "Devam" is for browsers without script).
  await expect(page).toHaveURL(/\/odeme\/sonuc\/[0-9a-f-]{36}$/);
}

/**
 * Demo sellers by @handle whose passwords the journeys leave alone (Konak's is changed by the
 * accounts journey and Nilüfer must choose a new one), so they can sign in to ship.
 */
export const journeySellers: Record<string, Store> = {
  '@cankayagozluk': 'cankaya',
  '@seyhanoptik': 'seyhan',
  '@atakumgozlukcu': 'atakum',
};

/** The product page's row of one offer. */
export function offerRow(page: Page, offerId: string): Locator {
  return page.getByTestId('offer').and(page.locator(`[data-listing-id="${offerId}"]`));
}

/** "Sepete Ekle" on one offer of the product page open now. */
export async function addOfferRowToCart(page: Page, offer: OfferFigures) {
  const row = offerRow(page, offer.id);
  await row.getByRole('button', { name: 'Sepete Ekle' }).click();
  await expect(row.getByText(/Sepetinizde \d+ adet/)).toBeVisible();
}

/** Pays the cart (one seller) with the succeeding card; answers the new order's number. */
export async function payForSingleOrder(page: Page): Promise<string> {
  await page.goto('/odeme');
  await expect(page.getByTestId('charged-amount')).toContainText('₺');
  await fillDeliveryAddress(page);
  await payButton(page).click();
  await payOnSandbox(page, SUCCEEDING_CARD);
  await expect(page.getByRole('heading', { level: 1, name: 'Ödeme Başarılı!' })).toBeVisible();
  return /OS-\d{4}-\d{6}/.exec(await page.getByRole('list', { name: 'Siparişleriniz' }).innerText())![0];
}

interface OwnListing {
  id: string;
  stok: number;
  durum: string;
}

/** One of the signed-in store's active listings with stock to sell (at least two units). */
export async function listingInStock(page: Page): Promise<OwnListing> {
  const listings = await page.evaluate(async () => {
    const res = await fetch('/api/listings/mine');
    return ((await res.json()) as { items: OwnListing[] }).items;
  });
  const listing = listings.find((l) => l.durum === 'Aktif' && l.stok >= 2);
  expect(listing, 'the store has an active listing in stock').toBeDefined();
  return listing!;
}

/** The signed-in buyer buys one unit of a listing by its id with the succeeding card; answers the order number. */
export async function buyListing(page: Page, listingId: string): Promise<string> {
  await page.goto(`/urun/${listingId}`);
  const offer = page.getByTestId('offer').and(page.locator(`[data-listing-id="${listingId}"]`));
  await offer.getByRole('button', { name: 'Sepete Ekle' }).click();
  await expect(offer.getByText(/Sepetinizde \d+ adet/)).toBeVisible();
  return payForSingleOrder(page);
}

/** Signs in on a cleared browser as another store (the journeys' way of changing sides). */
export async function switchTo(page: Page, store: Store) {
  // Leave the page first: its live requests (event stream, badges) would answer 401 once the cookies go.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/login');
  await signInThroughForm(page, demoStore(store), DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: /Hoş geldiniz/ })).toBeVisible();
}

/** Signs the admin in on a cleared browser (the journeys' way to the admin desks). */
export async function switchToAdmin(page: Page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/login');
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/login$/);
}

/** A valid Turkish IBAN (check digits 33), typed with spaces as people do. */
export const IBAN = 'TR33 0006 1005 1978 6457 8413 26';

/** The signed-in seller saves the payout IBAN in Hesap Hareketlerim (/dashboard?tab=transactions). */
export async function savePayoutAccount(page: Page) {
  const account = page.getByRole('region', { name: 'Ödeme Hesabı' });
  await account.getByLabel('IBAN').fill(IBAN);
  await account.getByLabel('Hesap Sahibi').fill('Ayşe Yılmaz');
  await account.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText('Ödeme hesabınız kaydedildi').first()).toBeVisible();
}

/** The admin pays every released amount out now (/admin/payouts). */
export async function runPayouts(page: Page) {
  await page.goto('/admin/payouts');
  await page.getByRole('button', { name: 'Ödemeleri Şimdi Çalıştır' }).click();
  await expect(page.getByText(/\d+ satıcıya ödeme yapıldı/).first()).toBeVisible();
}

/**
 * The signed-in seller ships an order from the panel: nothing goes without a carrier, then Aras with a
 * tracking number. `inspect` looks at the dialog while it shows its messages, before it is filled.
 */
export async function shipFromSellerPanel(
  page: Page,
  orderNumber: string,
  trackingNumber: string,
  inspect: (dialog: Locator) => Promise<void> = async () => undefined,
) {
  await page.goto('/dashboard?tab=orders&view=pending');
  await page
    .getByRole('button', { name: `Kargola ${orderNumber}` })
    .filter({ visible: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Kargo Çıkışı - ${orderNumber}` });
  await dialog.getByRole('button', { name: 'Kargola' }).click();
  // Both fields are missing, so both carry the message.
  await expect(dialog.getByText('Lütfen kargo takip numarası ve kargo firması seçin')).toHaveCount(2);
  await inspect(dialog);
  await dialog.getByLabel('Kargo Firması').selectOption('aras');
  await dialog.getByLabel('Kargo Takip Numarası').fill(trackingNumber);
  await scanUtsUnits(dialog);
  await dialog.getByRole('button', { name: 'Kargola' }).click();
  await expect(page.getByText('Sipariş kargoya verildi').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The seller's order dialog (address, lines, packing slip), opened by its "Detay" on the orders tab. */
export async function openSellerOrder(page: Page, orderNumber: string): Promise<Locator> {
  await page
    .getByRole('button', { name: `Detay ${orderNumber}` })
    .filter({ visible: true })
    .first()
    .click();
  return page.getByRole('dialog', { name: `Sipariş ${orderNumber}` });
}

/** A box's GS1 DataMatrix as a scanner types it (parenthesised AIs): product number, expiry, lot. */
export function gs1Scan(gtin: string, lot = 'LOT-E2E', expiry = '301231'): string {
  return `(01)${gtin}(17)${expiry}(10)${lot}`;
}

/**
 * The ship dialog's ÜTS part (decision 044): every tracked line (contact lenses are) gets its units
 * by scanning one box per unit, built from the line's catalogue product number. Nothing for an
 * order without tracked lines.
 */
export async function scanUtsUnits(dialog: Locator) {
  await expect(dialog.getByText('ÜTS takipli ürünler yükleniyor…')).toHaveCount(0);
  const lines = dialog.locator('[data-uts-line]');
  for (let i = 0; i < (await lines.count()); i += 1) {
    const line = lines.nth(i);
    const gtin = (await line.getAttribute('data-gtin'))!;
    const quantity = Number(await line.getAttribute('data-quantity'));
    const scan = line.getByLabel(/karekodu$/);
    for (let unit = 0; unit < quantity; unit += 1) {
      await scan.fill(gs1Scan(gtin));
      await scan.press('Enter');
    }
    await expect(line.getByText(`${quantity} / ${quantity} birim`)).toBeVisible();
  }
}

/** The buyer's "Teslimatı Onayla" on an order card of /siparislerim, confirmed in its dialog. */
export async function confirmDeliveryOn(page: Page, card: Locator) {
  await card.getByRole('button', { name: 'Teslimatı Onayla' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Teslimatı Onayla' }).click();
  await expect(page.getByText('Teslimat Onaylandı — Ödeme satıcıya aktarılacak')).toBeVisible();
  await expect(card.getByText('Teslimat Onaylandı')).toBeVisible();
}

/** The stock the product page shows for an offer now. */
export async function stockOnProductPage(page: Page, offerId: string): Promise<number> {
  await page.reload();
  const row = offerRow(page, offerId);
  await expect(row).toBeVisible();
  return Number(await row.getAttribute('data-stock'));
}

/**
 * The signed-in buyer buys one unit of a journey seller's offer (on the most offered lens; the first
 * one `accept` takes) with the succeeding card. Returns the order number, the offer and the seller's store.
 */
export async function buyFromDemoSeller(page: Page, accept: (offer: OfferFigures) => boolean = () => true) {
  const { offer, productUrl } = await cartFromDemoSeller(page, accept);
  const number = await payForSingleOrder(page);
  return { number, offer, seller: journeySellers[offer.seller], productUrl };
}

/** The signed-in buyer puts one unit of a journey seller's offer (the first one `accept` takes) in the cart. */
export async function cartFromDemoSeller(page: Page, accept: (offer: OfferFigures) => boolean = () => true) {
  const offers = await openMostOfferedLens(page);
  const offer = (await offerFigures(offers)).find(
    (o) => !o.own && o.stock >= 1 && o.seller in journeySellers && accept(o),
  );
  expect(offer, 'a demo seller offers this product').toBeDefined();
  const productUrl = page.url();
  await addOfferRowToCart(page, offer!);
  return { offer: offer!, productUrl };
}

/**
 * Waits until the open order page's timeline ("Sipariş Geçmişi") shows an event once, reloading:
 * provider jobs (release, refund) finish after the request that started them.
 */
export async function expectTimelineEvent(page: Page, text: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByText('Sipariş Geçmişi')).toBeVisible();
        return page.getByText(text).count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
}

/** The admin's partial-refund choice on the dispute desk, worded as the action it takes. */
export const PARTIAL_REFUND_ACTION = 'Alıcıya kısmi iade et, kalanı satıcıya aktar';

/**
 * On an open dispute's desk page: a partial refund of `amount` ("10,00") with a reason, up to the
 * confirmation that says who gets what (returned, still open: the caller confirms or cancels).
 */
export async function askPartialRefund(page: Page, amount: string): Promise<Locator> {
  await page.getByLabel('Karar', { exact: true }).selectOption({ label: PARTIAL_REFUND_ACTION });
  await page.getByLabel('İade tutarı (₺)').fill(amount);
  await page.getByLabel('Gerekçe').fill('Sap kırık; kısmi iade yeterli.');
  await page.getByRole('button', { name: 'Kararı Kaydet' }).click();
  return page.getByRole('alertdialog', { name: 'Karar kesinleşsin mi?' });
}
