import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { notificationMessages } from '#shared/messages/notifications.tr.ts';
import type { SellerListing } from '#shared/schemas/listings.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import {
  callApi,
  createCatalogueProduct,
  createUser,
  outboxTo,
  signIn,
  type TestUser,
} from '../../../../test/factories.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { userSettings } from '../../db/schema/user-settings.ts';
import { listingBody, postListing, signedInSeller, type Seller } from './listings.fixtures.ts';

const e = notificationMessages.events;
/** 12:00 in Istanbul on 15 March 2026; the Turkish day ends at 21:00 UTC. */
const NOW = new Date('2026-03-15T09:00:00Z');
const HOUR_MS = 3_600_000;

describeEachDatabase('price drop notifications', (kind) => {
  const t = useTestApp(kind);
  let seller: Seller;
  let product: Awaited<ReturnType<typeof createCatalogueProduct>>;
  let listing: SellerListing;
  /** Favours the product with the default settings. */
  let fan: TestUser;

  const db = () => t.database.db;
  const favour = async (cookie: string) => {
    const res = await callApi(t, 'PUT', `/api/favourites/${product.id}`, { cookie });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  const member = async (settings: Partial<typeof userSettings.$inferInsert> | null, favours = true) => {
    const user = await createUser(db());
    if (settings)
      await db()
        .insert(userSettings)
        .values({ userId: user.id, updatedAt: t.clock.now(), ...settings });
    if (favours) await favour(await signIn(t, user));
    return user;
  };
  const drops = (userId: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'price_dropped')));
  const dropMails = async (address: string) =>
    (await outboxTo(db(), address)).filter((mail) => mail.subject === e.priceDroppedTitle);
  async function edit(fields: Record<string, unknown>) {
    const res = await callApi(t, 'PATCH', `/api/listings/${listing.id}`, {
      cookie: seller.cookie,
      payload: listingBody(product.id, fields),
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeEach(async () => {
    t.clock.set(NOW);
    seller = await signedInSeller(t);
    product = await createCatalogueProduct(db(), { brand: 'Ray-Ban', modelCode: 'RB3025' });
    // 249.900 kuruş, 12 in stock, Aktif.
    const res = await postListing(t, seller, listingBody(product.id));
    expect(res.statusCode, res.body).toBe(201);
    listing = res.json<SellerListing>();
    fan = await member(null);
  });

  it('a drop tells each favouriter once with the old and new price, not the seller nor members who turned it off; mail by the toggles', async () => {
    const quiet = await member({ priceChangeNotifications: false });
    const noMail = await member({ emailNotifications: false });
    const stranger = await member(null, false);
    await favour(seller.cookie);

    await edit({ priceKurus: 199_900 });

    const [note] = await drops(fan.id);
    expect(note).toMatchObject({
      title: e.priceDroppedTitle,
      message: e.priceDroppedBody('Ray-Ban RB3025', '₺2.499,00', '₺1.999,00'),
      relatedId: listing.id,
      actionUrl: `/urun/${listing.id}`,
      actionText: e.priceDroppedAction,
      createdAt: NOW,
    });
    expect(await drops(fan.id)).toHaveLength(1);
    expect(await drops(noMail.id)).toHaveLength(1);
    for (const nobody of [quiet.id, stranger.id, seller.id]) expect(await drops(nobody)).toEqual([]);

    const [mail] = await dropMails(fan.email);
    expect(mail.text).toContain(e.priceDroppedBody('Ray-Ban RB3025', '₺2.499,00', '₺1.999,00'));
    expect(mail.text).toContain(`http://localhost:3000/urun/${listing.id}`);
    expect(await dropMails(fan.email)).toHaveLength(1);
    // "E-posta Bildirimleri" off, or "Fiyat Değişikliği Bildirimleri" off: no mail.
    expect(await dropMails(noMail.email)).toEqual([]);
    expect(await dropMails(quiet.email)).toEqual([]);
  });

  it('a second drop the same Turkish day tells no one again; after midnight in Istanbul a drop tells again', async () => {
    await edit({ priceKurus: 199_900 });
    t.clock.set(new Date(NOW.getTime() + 12 * HOUR_MS - 1000)); // 23:59:59 in Istanbul
    await edit({ priceKurus: 189_900 });
    expect(await drops(fan.id)).toHaveLength(1);
    expect(await dropMails(fan.email)).toHaveLength(1);

    t.clock.set(new Date(NOW.getTime() + 12 * HOUR_MS)); // 00:00 the next day in Istanbul
    await edit({ priceKurus: 179_900 });
    const notes = await drops(fan.id);
    expect(notes.map((n) => n.message).sort()).toEqual(
      [
        e.priceDroppedBody('Ray-Ban RB3025', '₺2.499,00', '₺1.999,00'),
        e.priceDroppedBody('Ray-Ban RB3025', '₺1.899,00', '₺1.799,00'),
      ].sort(),
    );
    expect(await dropMails(fan.email)).toHaveLength(2);
  });

  it('compares the price a member pays: a rise tells no one, a discount that lowers it does, a lower list price without the discount does not', async () => {
    await edit({ priceKurus: 259_900 });
    await edit({ priceKurus: 259_900, stock: 30, handlingDays: 5 });
    expect(await drops(fan.id)).toEqual([]);

    await edit({ priceKurus: 259_900, discountPercent: 20 });
    expect((await drops(fan.id)).map((n) => n.message)).toEqual([
      e.priceDroppedBody('Ray-Ban RB3025', '₺2.599,00', '₺2.079,20'),
    ]);

    t.clock.set(new Date(NOW.getTime() + 20 * HOUR_MS)); // 08:00 the next day in Istanbul
    await edit({ priceKurus: 240_000, discountPercent: null });
    expect(await drops(fan.id)).toHaveLength(1);
  });

  it('an inactive or sold-out listing tells no one of a drop', async () => {
    const off = await callApi(t, 'POST', `/api/listings/${listing.id}/deactivate`, { cookie: seller.cookie });
    expect(off.statusCode, off.body).toBe(200);
    await edit({ priceKurus: 199_900 });
    const on = await callApi(t, 'POST', `/api/listings/${listing.id}/activate`, { cookie: seller.cookie });
    expect(on.statusCode, on.body).toBe(200);
    await edit({ priceKurus: 189_900, stock: 0 });
    expect(await drops(fan.id)).toEqual([]);
    expect(await dropMails(fan.email)).toEqual([]);
  });
});
