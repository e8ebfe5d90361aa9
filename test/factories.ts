import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { completeEan13 } from '../src/shared/barcode.ts';
import type { SecurityEventType } from '../src/shared/security-log.ts';
import type { Db } from '../src/server/db/client.ts';
import { catalogueProducts } from '../src/server/db/schema/catalogue.ts';
import { listings } from '../src/server/db/schema/listings.ts';
import { sessions } from '../src/server/db/schema/auth.ts';
import { emailOutbox } from '../src/server/db/schema/email-outbox.ts';
import { securityEvents } from '../src/server/db/schema/security-events.ts';
import { insertUserWithPassword, type NewUser } from '../src/server/features/auth/auth.repo.ts';
import { hashPassword } from '../src/server/lib/passwords.ts';
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
export async function createUser(db: Db, fields: Partial<NewUser> & { password?: string } = {}): Promise<TestUser> {
  const { password = defaultPassword, ...rest } = fields;
  const id = rest.id ?? randomBytes(8).toString('hex');
  const user = {
    name: 'Ayşe Yılmaz',
    role: 'store_owner',
    email: `magaza-${id}@ornek-optik.com.tr`,
    emailVerified: true,
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
    .values({ ...values, searchText: catalogueSearchText(values) })
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
      ...fields,
    })
    .returning();
  return row;
}
