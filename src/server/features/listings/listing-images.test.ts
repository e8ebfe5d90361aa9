import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import type { SellerListing } from '#shared/schemas/listings.ts';
import { testOrigin, useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createCatalogueProduct, freshIp } from '../../../../test/factories.ts';
import { filesUnder, multipartBody, tempUploadsDir, type FilePart } from '../applications/applications.fixtures.ts';
import {
  eventsOf,
  expectError,
  listingBody,
  listingRow,
  postListing,
  signedInSeller,
  type Seller,
} from './listings.fixtures.ts';
import { IMAGE_DECODES_AT_ONCE, IMAGE_UPLOAD_LIMIT, imageDecodeSlots } from '../../lib/images.ts';

const v = listingMessages.validation;

function putImage(t: TestAppHandle, seller: Seller, listingId: string, file?: FilePart) {
  return multipartBody({}, file && { field: 'image', ...file }).then(({ payload, contentType }) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/listings/${listingId}/image`,
      headers: {
        'content-type': contentType,
        origin: testOrigin,
        cookie: seller.cookie,
        'user-agent': 'vitest-browser',
      },
      payload,
      remoteAddress: freshIp(),
    }),
  );
}

function fetchImage(t: TestAppHandle, url: string) {
  return t.app.inject({ method: 'GET', url, remoteAddress: freshIp() });
}

/** A landscape photo-like picture of the given size. */
function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 200 } } });
}

describe('the image library', () => {
  it('keeps no cache of results: each picture is processed once, and a cache would only stay resident', async () => {
    await picture(800, 600).webp().toBuffer();
    const cache = sharp.cache();
    expect(cache.memory.max).toBe(0);
    expect(cache.items.max).toBe(0);
    expect(cache.memory.current).toBe(0);
  });
});

describeEachDatabase('listing images', (kind) => {
  const uploads = tempUploadsDir();
  const t = useTestApp(kind, { env: { UPLOADS_DIR: uploads }, clockStart: new Date('2026-03-15T09:00:00Z') });
  let seller: Seller;
  let png: Buffer;
  let jpegWithExif: Buffer;
  beforeAll(async () => {
    seller = await signedInSeller(t);
    png = await picture(1600, 900).png().toBuffer();
    // Orientation 6 (rotate 90° to view) plus EXIF text that must never be served.
    jpegWithExif = await picture(1600, 900)
      .jpeg()
      .withExif({ IFD0: { Artist: 'Gizli Magaza Sahibi', Copyright: 'Konak Optik 2026' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  });
  beforeEach(() => t.clock.set(new Date('2026-03-15T09:00:00Z')));

  async function newListing(owner = seller) {
    const product = await createCatalogueProduct(t.database.db);
    const res = await postListing(t, owner, listingBody(product.id));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<SellerListing>();
  }

  it('re-encodes a PNG to WebP inside 1200 × 1200 with a thumbnail inside 320 × 320, served as immutable WebP', async () => {
    const listing = await newListing();
    const res = await putImage(t, seller, listing.id, { name: 'gozluk.png', bytes: png, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<SellerListing>();
    expect(saved.imageUrl).toMatch(/^\/api\/listing-images\/[0-9a-f]{32}$/);
    expect(saved.thumbnailUrl).toMatch(/^\/api\/listing-images\/[0-9a-f]{32}$/);

    const image = await fetchImage(t, saved.imageUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 675 });

    const thumbnail = await sharp((await fetchImage(t, saved.thumbnailUrl!)).rawPayload).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 320, height: 180 });
    expect((await eventsOf(t, listing.id)).map((e) => e.action)).toEqual(['created', 'image_changed']);
  });

  it('turns a JPEG upright from its EXIF orientation and strips every piece of metadata', async () => {
    const source = await sharp(jpegWithExif).metadata();
    expect(source.exif?.includes(Buffer.from('Gizli Magaza Sahibi'))).toBe(true);
    expect(source.orientation).toBe(6);
    const listing = await newListing();
    const res = await putImage(t, seller, listing.id, { name: 'foto.JPG', bytes: jpegWithExif, type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await fetchImage(t, res.json<SellerListing>().imageUrl!)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 675, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('Gizli Magaza Sahibi'))).toBe(false);
  });

  it('never enlarges a small image', async () => {
    const listing = await newListing();
    const small = await picture(200, 100).png().toBuffer();
    const res = await putImage(t, seller, listing.id, { name: 'kucuk.png', bytes: small });
    const saved = res.json<SellerListing>();
    expect(await sharp((await fetchImage(t, saved.imageUrl!)).rawPayload).metadata()).toMatchObject({
      width: 200,
      height: 100,
    });
    expect(await sharp((await fetchImage(t, saved.thumbnailUrl!)).rawPayload).metadata()).toMatchObject({
      width: 200,
      height: 100,
    });
  });

  it('replaces the previous files and deletes them; removing the image deletes the rest', async () => {
    const listing = await newListing();
    const first = (await putImage(t, seller, listing.id, { name: 'bir.png', bytes: png })).json<SellerListing>();
    const second = (
      await putImage(t, seller, listing.id, { name: 'iki.jpg', bytes: jpegWithExif })
    ).json<SellerListing>();
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect((await fetchImage(t, first.imageUrl!)).statusCode).toBe(404);
    expect((await fetchImage(t, first.thumbnailUrl!)).statusCode).toBe(404);
    expect((await fetchImage(t, second.imageUrl!)).statusCode).toBe(200);

    const removed = await callApi(t, 'DELETE', `/api/listings/${listing.id}/image`, { cookie: seller.cookie });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ imageUrl: null, thumbnailUrl: null });
    expect((await fetchImage(t, second.imageUrl!)).statusCode).toBe(404);
    expect(await listingRow(t, listing.id)).toMatchObject({ imageKey: null, thumbnailKey: null });
    expect((await eventsOf(t, listing.id)).map((e) => e.action)).toEqual([
      'created',
      'image_changed',
      'image_changed',
      'image_removed',
    ]);
  });

  it('deletes the image files with the listing', async () => {
    const listing = await newListing();
    const saved = (await putImage(t, seller, listing.id, { name: 'bir.png', bytes: png })).json<SellerListing>();
    expect((await callApi(t, 'DELETE', `/api/listings/${listing.id}`, { cookie: seller.cookie })).statusCode).toBe(204);
    expect((await fetchImage(t, saved.imageUrl!)).statusCode).toBe(404);
    expect((await fetchImage(t, saved.thumbnailUrl!)).statusCode).toBe(404);
  });

  it(`refuses a member's upload beyond ${IMAGE_UPLOAD_LIMIT.max} in ten minutes from any address, while another member still uploads`, async () => {
    const busy = await signedInSeller(t);
    const listing = await newListing(busy);
    const small = { name: 'kucuk.png', bytes: await picture(40, 30).png().toBuffer(), type: 'image/png' };
    // putImage sends each upload from a fresh address: the count follows the member.
    for (let i = 1; i <= IMAGE_UPLOAD_LIMIT.max; i++) {
      expect((await putImage(t, busy, listing.id, small)).statusCode, `upload ${i}`).toBe(200);
    }
    const refused = await putImage(t, busy, listing.id, small);
    expectError(refused, 429, 'RATE_LIMITED', v.imageRateLimited);

    const other = await signedInSeller(t);
    expect((await putImage(t, other, (await newListing(other)).id, small)).statusCode).toBe(200);
    t.clock.advance(IMAGE_UPLOAD_LIMIT.windowMs);
    expect((await putImage(t, busy, listing.id, small)).statusCode).toBe(200);
  });

  it(`decodes at most ${IMAGE_DECODES_AT_ONCE} pictures at once when six arrive together, and saves all six`, async () => {
    const parallel = await signedInSeller(t);
    const own: SellerListing[] = [];
    for (let i = 0; i < 6; i++) own.push(await newListing(parallel));
    // 12 MP each: a decode long enough that six requests overlap.
    const photo = { name: 'foto.png', bytes: await picture(4000, 3000).png().toBuffer(), type: 'image/png' };
    const results = await Promise.all(own.map((listing) => putImage(t, parallel, listing.id, photo)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(imageDecodeSlots.peak).toBe(IMAGE_DECODES_AT_ONCE);
    expect(imageDecodeSlots.active).toBe(0);
  });

  describe('refusals (nothing stored, nothing changed)', () => {
    async function expectNothingChanged(listingId: string, run: () => Promise<void>) {
      const files = filesUnder(uploads)
        .filter((f) => !f.startsWith('.tmp'))
        .sort();
      const before = await listingRow(t, listingId);
      await run();
      expect(
        filesUnder(uploads)
          .filter((f) => !f.startsWith('.tmp'))
          .sort(),
      ).toEqual(files);
      expect(filesUnder(uploads).filter((f) => f.startsWith('.tmp') && !f.endsWith('.tmp'))).toEqual([]);
      expect(await listingRow(t, listingId)).toEqual(before);
    }

    it('refuses a picture above 16 megapixels before decoding it, with the Turkish message', async () => {
      const listing = await newListing();
      const huge = await picture(4097, 4096).png().toBuffer();
      await expectNothingChanged(listing.id, async () => {
        const res = await putImage(t, seller, listing.id, { name: 'dev.png', bytes: huge, type: 'image/png' });
        expectError(res, 413, 'PAYLOAD_TOO_LARGE', v.imageTooManyPixels(16));
      });
    });

    it('refuses a text file renamed .png, judged by its content', async () => {
      const listing = await newListing();
      await expectNothingChanged(listing.id, async () => {
        const res = await putImage(t, seller, listing.id, {
          name: 'gozluk.png',
          bytes: Buffer.from('bu bir resim değil\n'.repeat(20)),
          type: 'image/png',
        });
        expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', v.imageType);
      });
    });

    it('refuses a PNG named .jpg and a PDF named .png', async () => {
      const listing = await newListing();
      await expectNothingChanged(listing.id, async () => {
        expectError(
          await putImage(t, seller, listing.id, { name: 'gozluk.jpg', bytes: png }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          v.imageType,
        );
        const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
        expectError(
          await putImage(t, seller, listing.id, { name: 'belge.png', bytes: pdf }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          v.imageType,
        );
      });
    });

    it('refuses a file with a PNG signature that does not decode', async () => {
      const listing = await newListing();
      await expectNothingChanged(listing.id, async () => {
        const broken = Buffer.concat([png.subarray(0, 40), randomBytes(400)]);
        expectError(
          await putImage(t, seller, listing.id, { name: 'bozuk.png', bytes: broken }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          v.imageUnreadable,
        );
      });
    });

    it('refuses a file over 2 MB with "Dosya boyutu 2MB\'dan küçük olmalıdır."', async () => {
      const listing = await newListing();
      await expectNothingChanged(listing.id, async () => {
        const big = Buffer.concat([png, randomBytes(2 * 1024 * 1024)]);
        expectError(
          await putImage(t, seller, listing.id, { name: 'buyuk.png', bytes: big }),
          413,
          'PAYLOAD_TOO_LARGE',
          "Dosya boyutu 2MB'dan küçük olmalıdır.",
        );
      });
    });

    it('asks for the file when none is sent', async () => {
      const listing = await newListing();
      expectError(await putImage(t, seller, listing.id), 400, 'VALIDATION_FAILED', v.imageRequired);
    });

    it('seller B cannot change or remove the image of seller A’s listing', async () => {
      const listing = await newListing();
      await putImage(t, seller, listing.id, { name: 'bir.png', bytes: png });
      const other = await signedInSeller(t);
      await expectNothingChanged(listing.id, async () => {
        expectError(await putImage(t, other, listing.id, { name: 'iki.png', bytes: png }), 404, 'LISTING_NOT_FOUND');
        expectError(
          await callApi(t, 'DELETE', `/api/listings/${listing.id}/image`, { cookie: other.cookie }),
          404,
          'LISTING_NOT_FOUND',
        );
      });
    });
  });

  describe('serving', () => {
    it('serves nothing but the listing-images prefix: an application document cannot be fetched', async () => {
      const temp = await t.app.storage.writeTemp(Readable.from([Buffer.from('%PDF-1.4 gizli vergi levhası')]));
      const key = await t.app.storage.commit(temp, 'applications');
      const file = key.split('/')[1];
      for (const url of [
        `/api/listing-images/${file}`,
        `/api/listing-images/..%2Fapplications%2F${file}`,
        `/api/listing-images/../applications/${file}`,
        `/api/listing-images/applications%2F${file}`,
        `/api/listing-images/${file.toUpperCase()}`,
      ]) {
        const res = await fetchImage(t, url);
        expect(res.statusCode, url).not.toBe(200);
        expect(res.body, url).not.toContain('gizli');
      }
    });

    it('answers 404 for an unknown image', async () => {
      expect((await fetchImage(t, `/api/listing-images/${randomBytes(16).toString('hex')}`)).statusCode).toBe(404);
    });

    it('describes the upload as multipart in the OpenAPI document', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', remoteAddress: freshIp() });
      expect(res.statusCode).toBe(200);
      const put = res.json<{
        paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
      }>().paths['/api/listings/{id}/image'].put;
      expect(Object.keys(put.requestBody!.content)).toEqual(['multipart/form-data']);
    });
  });
});
