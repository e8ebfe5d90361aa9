import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import type { SellerListing } from '#shared/schemas/listings.ts';
import { testOrigin, useTestApp } from '../../../test/app.ts';
import { describeEachDatabase } from '../../../test/db.ts';
import { createCatalogueProduct, createUser, freshIp, signIn } from '../../../test/factories.ts';
import { catalogueProducts } from '../db/schema/catalogue.ts';
import { emailOutbox } from '../db/schema/email-outbox.ts';
import { userApplications } from '../db/schema/applications.ts';
import {
  filesUnder,
  multipartBody,
  pdfBytes,
  pngBytes,
  tempUploadsDir,
  uniqueFields,
} from '../features/applications/applications.fixtures.ts';
import { listingBody, postListing, signedInSeller } from '../features/listings/listings.fixtures.ts';

interface UploadRoute {
  method: 'POST' | 'PUT';
  url: string;
  cookie?: string;
  body: { payload: Buffer; contentType: string };
}

/** The ways a client (or an attacker) sends a body that is not valid multipart. */
const malformedVariants: [name: string, make: (valid: UploadRoute['body']) => UploadRoute['body']][] = [
  ['no boundary', (valid) => ({ payload: valid.payload, contentType: 'multipart/form-data' })],
  [
    'cut off halfway',
    (valid) => ({ payload: valid.payload.subarray(0, valid.payload.length / 2), contentType: valid.contentType }),
  ],
  [
    'a boundary the body never uses',
    (valid) => ({ payload: valid.payload, contentType: 'multipart/form-data; boundary=----baskaBirSinir' }),
  ],
  ['garbage', (valid) => ({ payload: randomBytes(4096), contentType: valid.contentType })],
  [
    'a boundary too long to search for',
    (valid) => ({ payload: valid.payload, contentType: `multipart/form-data; boundary=${'x'.repeat(300)}` }),
  ],
];

describeEachDatabase('malformed multipart bodies on every upload route', (kind) => {
  const uploads = tempUploadsDir();
  const logLines: { level: number; msg: string; code?: string }[] = [];
  const t = useTestApp(kind, {
    env: { UPLOADS_DIR: uploads, LOG_LEVEL: 'warn' },
    logStream: { write: (line) => void logLines.push(JSON.parse(line)) },
  });
  const routes: Record<string, UploadRoute> = {};

  beforeAll(async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const adminCookie = await signIn(t, admin);
    const seller = await signedInSeller(t);
    const listing = (
      await postListing(t, seller, listingBody((await createCatalogueProduct(t.database.db)).id))
    ).json<SellerListing>();
    routes.application = {
      method: 'POST',
      url: '/api/applications',
      body: await multipartBody(uniqueFields(), { name: 'levha.pdf', bytes: pdfBytes }),
    };
    routes['listing image'] = {
      method: 'PUT',
      url: `/api/listings/${listing.id}/image`,
      cookie: seller.cookie,
      body: await multipartBody({}, { field: 'image', name: 'gozluk.png', bytes: pngBytes }),
    };
    routes['e-mail attachment test'] = {
      method: 'POST',
      url: '/api/admin/email-debug/attachment-test',
      cookie: adminCookie,
      body: await multipartBody(
        { email: 'test@ornek-optik.com.tr' },
        { field: 'file', name: 'ek.pdf', bytes: pdfBytes },
      ),
    };
    routes['catalogue import'] = {
      method: 'POST',
      url: '/api/admin/catalogue/import',
      cookie: adminCookie,
      body: await multipartBody(
        {},
        { field: 'file', name: 'katalog.csv', bytes: Buffer.from('brand,modelCode\nRay-Ban,RB2140\n') },
      ),
    };
  });

  async function counts() {
    const [applications] = await t.database.db.select({ n: count() }).from(userApplications);
    const [outbox] = await t.database.db.select({ n: count() }).from(emailOutbox);
    const [products] = await t.database.db.select({ n: count() }).from(catalogueProducts);
    return { applications: applications.n, outbox: outbox.n, products: products.n, files: filesUnder(uploads).sort() };
  }

  it.each(['application', 'listing image', 'e-mail attachment test', 'catalogue import'])(
    'the %s route answers each malformed body with 400 and a Turkish message, logs a warning, and keeps nothing',
    async (name) => {
      const route = routes[name];
      const before = await counts();
      for (const [variant, make] of malformedVariants) {
        logLines.length = 0;
        const body = make(route.body);
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: {
            'content-type': body.contentType,
            origin: testOrigin,
            'user-agent': 'vitest-browser',
            ...(route.cookie ? { cookie: route.cookie } : {}),
          },
          payload: body.payload,
          remoteAddress: freshIp(),
        });
        expect(res.statusCode, `${variant}: ${res.body}`).toBe(400);
        expect(res.json(), variant).toEqual({
          error: { code: 'BAD_REQUEST', message: messages.common.malformedUpload },
        });
        expect(
          logLines.filter((l) => l.level >= 50),
          variant,
        ).toEqual([]);
        expect(
          logLines.some((l) => l.level === 40 && l.code === 'MALFORMED_MULTIPART'),
          variant,
        ).toBe(true);
      }
      expect(await counts()).toEqual(before);
    },
  );
});
