import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { describeEachDatabase } from '../../../test/db.ts';
import { testOrigin, useTestApp, type TestAppHandle } from '../../../test/app.ts';
import { callApi, createUser, freshIp, sessionUserId, signIn } from '../../../test/factories.ts';
import { users } from '../db/schema/users.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls a route as listed in apiRoutes: `:param` segments filled in, `{}` as the body of a state change. */
function callRoute(t: TestAppHandle, route: { method: string; url: string }, cookie?: string) {
  const method = route.method as Method;
  const url = route.url.replace(/:\w+/g, 'ornek-kimlik');
  return callApi(t, method, url, {
    cookie,
    ip: freshIp(),
    payload: method === 'GET' || method === 'DELETE' ? undefined : {},
  });
}

describeEachDatabase('access rules', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.reset());

  describe('the access matrix', () => {
    it('lists every API route with its rule, including the known ones', () => {
      const listed = t.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`);
      expect(listed.length).toBeGreaterThan(10);
      expect(listed).toEqual(
        expect.arrayContaining([
          'GET /api/auth/session public',
          'POST /api/auth/sign-in public',
          'POST /api/auth/sign-out member',
          'POST /api/auth/forgot-password public',
          'POST /api/auth/reset-password public',
          'POST /api/auth/force-password-reset member',
          'GET /api/me/profile member',
          'PUT /api/me/profile member',
          'POST /api/me/change-password member',
          'GET /api/me/settings member',
          'PUT /api/me/settings member',
          'GET /api/me/sessions member',
          'POST /api/me/sessions/revoke-others member',
          'POST /api/me/sessions/revoke-all member',
          'GET /api/me/security-events member',
          'POST /api/contact-messages public',
          'POST /api/admin/users/:id/force-password-reset admin',
          'GET /api/catalogue/lookup member',
          'POST /api/catalogue/proposals member',
          'GET /api/admin/catalogue admin',
          'POST /api/admin/catalogue admin',
          'PATCH /api/admin/catalogue/:id admin',
          'POST /api/admin/catalogue/import admin',
          'POST /api/admin/catalogue/:id/approve admin',
          'POST /api/admin/catalogue/:id/reject admin',
          'GET /api/listings/mine member',
          'POST /api/listings member',
          'PATCH /api/listings/:id owner',
          'DELETE /api/listings/:id owner',
          'POST /api/listings/:id/activate owner',
          'POST /api/listings/:id/deactivate owner',
          'PUT /api/listings/:id/image owner',
          'GET /api/listing-images/:file public',
          'GET /api/marketplace/listings public',
          'GET /api/marketplace/categories public',
          'GET /api/marketplace/products/:id public',
          'GET /api/favourites member',
          'PUT /api/favourites/:productId member',
          'DELETE /api/favourites/:productId member',
        ]),
      );
      // Only sign-out and the forced reset itself stay open to a user who must reset the password.
      expect(
        t.app.apiRoutes
          .filter((r) => r.allowDuringPasswordReset)
          .map((r) => `${r.method} ${r.url}`)
          .sort(),
      ).toEqual(['POST /api/auth/force-password-reset', 'POST /api/auth/sign-out']);
    });

    it('refuses an anonymous caller on every non-public route with 401 UNAUTHENTICATED', async () => {
      const guarded = t.app.apiRoutes.filter((r) => r.access !== 'public');
      expect(guarded.length).toBeGreaterThan(5);
      for (const route of guarded) {
        const res = await callRoute(t, route);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json(), `${route.method} ${route.url}`).toEqual({
          error: { code: 'UNAUTHENTICATED', message: messages.errors.UNAUTHENTICATED },
        });
      }
    });

    it('refuses a signed-in member who is not an admin on every admin route with 403 FORBIDDEN', async () => {
      const admins = t.app.apiRoutes.filter((r) => r.access === 'admin');
      expect(admins.length).toBeGreaterThan(0);
      for (const role of ['store_owner', 'optician', 'user']) {
        const cookie = await signIn(t, await createUser(t.database.db, { role }));
        for (const route of admins) {
          const res = await callRoute(t, route, cookie);
          expect(res.statusCode, `${role}: ${route.method} ${route.url}`).toBe(403);
          expect(res.json(), `${role}: ${route.method} ${route.url}`).toEqual({
            error: { code: 'FORBIDDEN', message: 'Yetkisiz erişim' },
          });
        }
      }
    });

    it('lets an admin through the admin guard', async () => {
      const cookie = await signIn(t, await createUser(t.database.db, { role: 'admin' }));
      const res = await callApi(t, 'POST', '/api/admin/users/olmayan-kullanici/force-password-reset', {
        cookie,
        payload: { reason: 'Erişim denetimi' },
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('cross-origin protection of state changes', () => {
    async function signedInMember() {
      const user = await createUser(t.database.db, { name: 'Önceki Ad' });
      return { user, cookie: await signIn(t, user) };
    }

    async function nameOf(userId: string) {
      const [row] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return row.name;
    }

    it('refuses a request with the session cookie from a foreign Origin with 403 CROSS_ORIGIN_REJECTED, changing nothing', async () => {
      const { user, cookie } = await signedInMember();
      const res = await callApi(t, 'PUT', '/api/me/profile', {
        cookie,
        origin: 'https://kotu-site.example',
        payload: { fullName: 'Saldırgan', phone: '' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: { code: 'CROSS_ORIGIN_REJECTED', message: messages.errors.CROSS_ORIGIN_REJECTED },
      });
      expect(await nameOf(user.id)).toBe('Önceki Ad');
    });

    it('judges the decoded route, so a percent-encoded API path from a foreign Origin is refused too', async () => {
      const { user, cookie } = await signedInMember();
      const res = await callApi(t, 'POST', '/%61pi/me/sessions/revoke-all', {
        cookie,
        origin: 'https://kotu-site.example',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('CROSS_ORIGIN_REJECTED');
      expect(await sessionUserId(t, cookie)).toBe(user.id);
    });

    it('refuses a request with the session cookie and neither Origin nor Referer, changing nothing', async () => {
      const { user, cookie } = await signedInMember();
      const res = await callApi(t, 'POST', '/api/me/sessions/revoke-all', { cookie, origin: null });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('CROSS_ORIGIN_REJECTED');
      expect(await sessionUserId(t, cookie)).toBe(user.id);
    });

    it('refuses a foreign Referer when no Origin is sent', async () => {
      const { user, cookie } = await signedInMember();
      const res = await callApi(t, 'PUT', '/api/me/profile', {
        cookie,
        origin: null,
        headers: { referer: 'https://kotu-site.example/sayfa' },
        payload: { fullName: 'Saldırgan', phone: '' },
      });
      expect(res.statusCode).toBe(403);
      expect(await nameOf(user.id)).toBe('Önceki Ad');
    });

    it('accepts our own Referer when no Origin is sent', async () => {
      const { user, cookie } = await signedInMember();
      const res = await callApi(t, 'PUT', '/api/me/profile', {
        cookie,
        origin: null,
        headers: { referer: `${testOrigin}/ayarlar` },
        payload: { fullName: 'Yeni Ad', phone: '' },
      });
      expect(res.statusCode).toBe(200);
      expect(await nameOf(user.id)).toBe('Yeni Ad');
    });

    it('refuses a sign-in posted from a foreign origin', async () => {
      const user = await createUser(t.database.db);
      const res = await callApi(t, 'POST', '/api/auth/sign-in', {
        origin: 'https://kotu-site.example',
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('CROSS_ORIGIN_REJECTED');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('accepts a POST without cookies and without Origin on the public contact form', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        payload: {
          name: 'Ayşe Yılmaz',
          email: 'ayse@ornekoptik.com',
          subject: 'Soru',
          message: 'Üyelik hakkında bir sorum var.',
        },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(201);
    });
  });
});
