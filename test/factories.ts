import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { completeEan13 } from '../src/shared/barcode.ts';
import { SHIPPING_FEE_PER_SELLER_KURUS, VAT_RATE_BP } from '../src/shared/constants.ts';
import { priceCart, type Installments } from '../src/shared/pricing.ts';
import type { SecurityEventType } from '../src/shared/security-log.ts';
import type { Db } from '../src/server/db/client.ts';
import type { ListingState } from '../src/server/features/marketplace/marketplace.cache.ts';
import { catalogueProducts } from '../src/server/db/schema/catalogue.ts';
import { listings } from '../src/server/db/schema/listings.ts';
import { notifications } from '../src/server/db/schema/notifications.ts';
import { orderEvents, orderGroups, orderItems, orders } from '../src/server/db/schema/orders.ts';
import { payments } from '../src/server/db/schema/payments.ts';
import { sessions } from '../src/server/db/schema/auth.ts';
import { emailOutbox } from '../src/server/db/schema/email-outbox.ts';
import { securityEvents } from '../src/server/db/schema/security-events.ts';
import { insertUserWithPassword, type NewUser } from '../src/server/features/auth/auth.repo.ts';
import { MANUAL_CLOCK_START } from '../src/server/lib/clock.ts';
import { hashPassword } from '../src/server/lib/passwords.ts';
import { countSellerMoves } from '../src/server/lib/seller-counters.ts';
import { catalogueSearchText } from '../src/server/lib/turkish-search.ts';
import { testOrigin, type TestAppHandle } from './app.ts';

/** Meets every rule and is not on the common-password list. */
export const defaultPassword = 'Gözlük-Camı-2024!';

let ipCounter = 0;
/** A client address no other request of this file used, so per-address limits never leak between tests. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: string;
  password: string;
}

/** Inserts a user with an e-mail/password credential (the way admins and the seed create accounts). */
/**
 * Rows made here are stamped with the time a test's manual clock starts, never the wall clock: the
 * app judges every time by its clock, so a row from "the wall's today" would sit in the test's future.
 */
const stamp = () => new Date(MANUAL_CLOCK_START);

export async function createUser(db: Db, fields: Partial<NewUser> & { password?: string } = {}): Promise<TestUser> {
  const { password = defaultPassword, ...rest } = fields;
  const id = rest.id ?? randomBytes(8).toString('hex');
  const user = {
    name: 'Ayşe Yılmaz',
    role: 'store_owner',
    email: `magaza-${id}@ornek-optik.com.tr`,
    emailVerified: true,
    createdAt: stamp(),
    updatedAt: stamp(),
    ...rest,
    id,
  };
  await insertUserWithPassword(db, user, await hashPassword(password));
  return { id, email: user.email, name: user.name, role: user.role, password };
}

/** The `cookie` request header for the cookies a response set (cleared ones left out). */
export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies
    .filter((c) => c.value !== '' && !(c.maxAge !== undefined && c.maxAge <= 0))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

export interface RequestOptions {
  cookie?: string;
  payload?: object;
  /** Client address; a fresh one per call unless given, so no limit counts across calls by accident. */
  ip?: string;
  userAgent?: string;
  /** Defaults to the app's own origin for state-changing methods; pass null to send none. */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** An API call as the web app makes it: JSON, the session cookie, and our Origin on state changes. */
export function callApi(
  t: TestAppHandle,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: RequestOptions = {},
) {
  const headers: Record<string, string> = { 'user-agent': options.userAgent ?? 'vitest-browser', ...options.headers };
  const origin = options.origin === undefined ? (method === 'GET' ? null : testOrigin) : options.origin;
  if (origin) headers.origin = origin;
  if (options.cookie) headers.cookie = options.cookie;
  return t.app.inject({ method, url, headers, payload: options.payload, remoteAddress: options.ip ?? freshIp() });
}

/** POST /api/auth/sign-in; returns the response as it came. */
export function postSignIn(
  t: TestAppHandle,
  email: string,
  password: string,
  options: Omit<RequestOptions, 'payload'> = {},
) {
  return callApi(t, 'POST', '/api/auth/sign-in', { ip: freshIp(), ...options, payload: { email, password } });
}

/** Signs in (failing loudly if that does not work) and returns the cookie header of the new session. */
export async function signIn(
  t: TestAppHandle,
  user: { email: string; password: string },
  options: Omit<RequestOptions, 'payload'> = {},
) {
  const res = await postSignIn(t, user.email, user.password, options);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${user.email} failed: ${res.statusCode} ${res.body}`);
  return cookieHeader(res);
}

/** Who the cookie belongs to according to GET /api/auth/session (null once the session has ended). */
export async function sessionUserId(t: TestAppHandle, cookie: string): Promise<string | null> {
  const res = await callApi(t, 'GET', '/api/auth/session', { cookie });
  if (res.statusCode !== 200) throw new Error(`GET /api/auth/session answered ${res.statusCode}`);
  return (res.json() as { user: { id: string } | null }).user?.id ?? null;
}

export function securityEventsOf(db: Db, userId: string, type?: SecurityEventType) {
  return db
    .select()
    .from(securityEvents)
    .where(
      type ? and(eq(securityEvents.userId, userId), eq(securityEvents.type, type)) : eq(securityEvents.userId, userId),
    );
}

export function sessionsOf(db: Db, userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

export function outboxTo(db: Db, address: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
}

let barcodeCounter = 0;
/** A fresh valid EAN-13 in the 2xx "in-store" range, so it never clashes with seeded products. */
export function freshBarcode(): string {
  barcodeCounter += 1;
  return completeEan13(`2${String(process.pid % 1000).padStart(3, '0')}${String(barcodeCounter).padStart(8, '0')}`);
}

/** Inserts an approved catalogue product (search text included, as the catalogue service writes it). */
export async function createCatalogueProduct(db: Db, fields: Partial<typeof catalogueProducts.$inferInsert> = {}) {
  const values = {
    brand: 'Ray-Ban',
    modelCode: `RB${Math.floor(Math.random() * 9000 + 1000)}`,
    name: 'Test Güneş Gözlüğü',
    barcode: freshBarcode(),
    category: 'gunes-gozlugu',
    subcategory: 'erkek',
    status: 'approved',
    ...fields,
  };
  const [row] = await db
    .insert(catalogueProducts)
    .values({ createdAt: stamp(), updatedAt: stamp(), ...values, searchText: catalogueSearchText(values) })
    .returning();
  return row;
}

/** Inserts a listing of a catalogue product for a seller, with the product's fields copied as the listings service does. */
export async function createListing(
  db: Db,
  seller: { id: string },
  product: typeof catalogueProducts.$inferSelect,
  fields: Partial<typeof listings.$inferInsert> = {},
) {
  const [row] = await db
    .insert(listings)
    .values({
      sellerId: seller.id,
      productId: product.id,
      marka: product.brand,
      modelKodu: product.modelCode,
      kategori: product.category,
      altKategori: product.subcategory,
      stock: 10,
      priceKurus: 150_000,
      createdAt: stamp(),
      updatedAt: stamp(),
      ...fields,
    })
    .returning();
  return row;
}

let orderCounter = 0;

export interface OrderFixtureLine {
  marka?: string;
  modelKodu?: string;
  unitPriceKurus?: number;
  quantity?: number;
  thumbnailKey?: string | null;
}

export interface OrderFixtureOptions {
  buyerId: string;
  sellerId: string;
  status?: string;
  /** The group's status; defaults to 'paid', or 'awaiting_payment' for an unpaid order. */
  groupStatus?: string;
  lines?: OrderFixtureLine[];
  createdAt?: Date;
  /** Defaults to createdAt for every status but awaiting_payment and cancelled. */
  paidAt?: Date | null;
  /** Defaults to paidAt (a seller with automatic approval); null = a paid order awaiting the seller's "Onayla". */
  acceptedAt?: Date | null;
  reservedUntil?: Date;
  cargoCompany?: string | null;
  trackingNumber?: string | null;
  /** Defaults to 1 (Peşin, with its 2 % discount), as at checkout. */
  installments?: Installments;
  /** A succeeded payment with this card on the group. */
  card?: { brand: string; lastFour: string };
  events?: { action: string; fromStatus: string | null; toStatus: string | null; createdAt: Date }[];
}

export const fixtureAddress = {
  full_name: 'Mehmet Demir',
  address: 'Atatürk Cad. No: 12',
  city: 'İzmir' as const,
  district: 'Konak',
  postal_code: '35210',
  phone: '05321234567',
};

/**
 * Inserts a group with one order and its lines directly (the checkout's rows, without its rules),
 * so order views can be tested with any status and date. The money is the checkout's: VAT 20 % on
 * goods + shipping − the Peşin discount, per line (rate, shipping and discount shares, VAT).
 */
export async function createOrderFixture(db: Db, options: OrderFixtureOptions) {
  const status = options.status ?? 'paid_escrow';
  const createdAt = options.createdAt ?? stamp();
  const unpaid = status === 'awaiting_payment' || status === 'cancelled';
  const paidAt = options.paidAt === undefined ? (unpaid ? null : createdAt) : options.paidAt;
  const lines = (options.lines ?? [{}]).map((l, i) => ({
    marka: l.marka ?? 'Ray-Ban',
    modelKodu: l.modelKodu ?? `RB${1000 + i}`,
    unitPriceKurus: l.unitPriceKurus ?? 100_000,
    quantity: l.quantity ?? 1,
    thumbnailKey: l.thumbnailKey ?? null,
  }));
  const installments = options.installments ?? 1;
  // Priced as the checkout prices a one-seller cart (decision 039), at the general rate with the
  // flat shipping fee (free shipping off, so every fixture order ships for 25 TL).
  const cart = priceCart(
    lines.map((l, i) => ({
      key: String(i),
      sellerId: options.sellerId,
      unitPriceKurus: l.unitPriceKurus,
      quantity: l.quantity,
    })),
    {
      vatRateBp: VAT_RATE_BP,
      shippingFeeKurus: SHIPPING_FEE_PER_SELLER_KURUS,
      freeShippingFromKurus: 0,
      pricesIncludeVat: false,
    },
    installments,
  );
  const priced = cart.groups[0]!;
  const [group] = await db
    .insert(orderGroups)
    .values({
      buyerId: options.buyerId,
      status: options.groupStatus ?? (status === 'awaiting_payment' ? 'awaiting_payment' : unpaid ? 'expired' : 'paid'),
      installments,
      subtotalKurus: cart.subtotalKurus,
      shippingKurus: cart.shippingKurus,
      vatKurus: cart.vatKurus,
      discountKurus: cart.discountKurus,
      chargedKurus: cart.chargedKurus,
      vatRateBp: VAT_RATE_BP,
      pricesIncludeVat: cart.isVatIncluded,
      shippingAddress: fixtureAddress,
      billingParty: { companyName: 'Örnek Optik Ltd.', taxNumber: '1234567890', city: 'İzmir', district: 'Konak' },
      reservedUntil: options.reservedUntil ?? new Date(createdAt.getTime() + 15 * 60_000),
      paidAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  orderCounter += 1;
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `OS-TEST-${process.pid}-${String(orderCounter).padStart(6, '0')}-${randomBytes(2).toString('hex')}`,
      groupId: group.id,
      buyerId: options.buyerId,
      sellerId: options.sellerId,
      status,
      subtotalKurus: priced.subtotalKurus,
      shippingKurus: priced.shippingKurus,
      vatKurus: priced.vatKurus,
      discountKurus: priced.discountKurus,
      totalKurus: priced.chargedKurus,
      shippingAddress: fixtureAddress,
      paidAt,
      escrowEndsAt: paidAt ? new Date(paidAt.getTime() + 15 * 86_400_000) : null,
      acceptedAt: options.acceptedAt === undefined ? paidAt : options.acceptedAt,
      cargoCompany: options.cargoCompany ?? null,
      trackingNumber: options.trackingNumber ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  // Written straight in its status, so counted here as the order lifecycle would have counted it.
  await countSellerMoves(db, [{ orderId: order.id, sellerId: options.sellerId, before: null, after: order }]);
  const items = await db
    .insert(orderItems)
    .values(
      lines.map((l, i) => {
        const line = priced.lines[i]!;
        return {
          orderId: order.id,
          sellerId: options.sellerId,
          marka: l.marka,
          modelKodu: l.modelKodu,
          productName: `${l.marka} ${l.modelKodu}`,
          thumbnailKey: l.thumbnailKey,
          unitPriceKurus: line.unitPriceKurus,
          vatRateBp: line.vatRateBp,
          quantity: line.quantity,
          lineTotalKurus: line.lineTotalKurus,
          shippingShareKurus: line.shippingShareKurus,
          discountShareKurus: line.discountShareKurus,
          vatKurus: line.vatKurus,
          createdAt: new Date(createdAt.getTime() + i),
        };
      }),
    )
    .returning();
  if (options.card) {
    await db.insert(payments).values({
      groupId: group.id,
      provider: 'sandbox',
      status: 'succeeded',
      amountKurus: cart.chargedKurus,
      installments,
      cardBrand: options.card.brand,
      cardLastFour: options.card.lastFour,
      completedAt: paidAt,
      createdAt,
    });
  }
  if (options.events && options.events.length > 0) {
    await db.insert(orderEvents).values(options.events.map((e) => ({ ...e, orderId: order.id })));
  }
  return { group, order, items };
}

/** Inserts a notification for a user (as `notify` would inside a trading event). */
export async function createNotificationFixture(
  db: Db,
  userId: string,
  fields: Partial<typeof notifications.$inferInsert> = {},
) {
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      type: 'order_new',
      title: 'Yeni sipariş',
      message: 'Test bildirimi',
      createdAt: stamp(),
      ...fields,
    })
    .returning();
  return row;
}

/** A listing's state as a marketplace announcement carries it: an in-stock Ray-Ban offer of product p1. */
export const listingState = (fields: Partial<ListingState> = {}): ListingState => ({
  id: 'l1',
  productId: 'p1',
  status: 'Aktif',
  miad: null,
  kategori: 'gunes-gozlugu',
  altKategori: null,
  marka: 'Ray-Ban',
  priceKurus: 100_000,
  discountPercent: null,
  stock: 5,
  isPromoted: false,
  createdAtMs: 0,
  cardKey: 'c0ffee00',
  ...fields,
});
