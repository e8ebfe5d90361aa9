import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { callApi, createUser, sessionsOf, signIn, type TestUser } from '../../../../test/factories.ts';
import { adminAuditLog, roleChangeAudit } from '../../db/schema/admin.ts';
import { listings } from '../../db/schema/listings.ts';
import { orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';

const am = adminMessages;

async function roleOf(t: TestAppHandle, userId: string) {
  const [row] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role ?? null;
}

function auditRowsFor(t: TestAppHandle, targetId: string) {
  return t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));
}

function changeRole(t: TestAppHandle, cookie: string, userId: string, payload: object) {
  return callApi(t, 'POST', `/api/admin/users/${userId}/change-role`, { cookie, payload });
}

describeEachDatabase('admin user management', (kind) => {
  const t = useTestApp(kind);
  let admin: TestUser;
  let adminCookie: string;

  beforeEach(async () => {
    t.clock.reset();
    admin ??= await createUser(t.database.db, {
      role: 'admin',
      name: 'Yönetici Kemal',
      email: 'kemal.yonetici@optistok.test',
    });
    adminCookie = await signIn(t, admin);
  });

  describe('GET /api/admin/users', () => {
    it('finds users by name, e-mail or handle with Turkish letters folded either way', async () => {
      const sule = await createUser(t.database.db, {
        name: 'Şule Işıkçı Öztürk',
        email: 'sule.ozturk@gozluk-dunyasi.test',
        publicHandle: 'isikci-optik',
      });
      await createUser(t.database.db, { name: 'Mehmet Demir', email: 'mehmet@baska-optik.test' });

      for (const q of ['şule', 'SULE', 'ışıkçı', 'ISIKCI', 'öztürk', 'gozluk-dunyasi', 'isikci-optik', 'Işık']) {
        const res = await callApi(t, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}`, { cookie: adminCookie });
        expect(res.statusCode, q).toBe(200);
        expect(
          res.json().users.map((u: { id: string }) => u.id),
          q,
        ).toEqual([sule.id]);
      }
      const none = await callApi(t, 'GET', '/api/admin/users?q=%25', { cookie: adminCookie });
      expect(none.json()).toMatchObject({ users: [], total: 0 });
    });

    it('filters by role, pages by 20 and shows the profile fields with the store number', async () => {
      for (let i = 0; i < 21; i++) await createUser(t.database.db, { role: 'optician', name: `Optisyen ${i}` });
      const first = await callApi(t, 'GET', '/api/admin/users?role=optician&page=1', { cookie: adminCookie });
      expect(first.json()).toMatchObject({ total: 21, page: 1, pageSize: 20, pageCount: 2 });
      expect(first.json().users).toHaveLength(20);
      const second = await callApi(t, 'GET', '/api/admin/users?role=optician&page=2', { cookie: adminCookie });
      expect(second.json().users).toHaveLength(1);
      const user = second.json().users[0];
      expect(Object.keys(user).sort()).toEqual(
        [
          'banned',
          'createdAt',
          'email',
          'fullName',
          'id',
          'mustResetPassword',
          'phone',
          'publicHandle',
          'publicSlug',
          'role',
          'storeNumber',
          'updatedAt',
        ].sort(),
      );
      expect(user.storeNumber).toBe(`OPT#${user.id.slice(0, 5).toUpperCase()}`);
    });
  });

  describe('GET /api/admin/users/export.csv', () => {
    it('sends UTF-8 CSV with the BOM, Turkish headers and Turkish letters intact, as kullanicilar.csv', async () => {
      const sule = await createUser(t.database.db, {
        name: 'Şule Işıkçı Öztürk',
        phone: '+90 532 111 22 33',
        email: 'sule.csv@ornek.test',
      });
      await createUser(t.database.db, { name: 'Noktalı; "Tırnaklı" Optik', email: 'tirnak@ornek.test' });
      await createUser(t.database.db, { name: '=HYPERLINK("http://kotu.example")', email: 'formul@ornek.test' });

      const res = await callApi(t, 'GET', '/api/admin/users/export.csv', { cookie: adminCookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="kullanicilar.csv"');
      const bytes = res.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

      const text = bytes.subarray(3).toString('utf8');
      const lines = text.split('\r\n');
      expect(lines[0]).toBe('Mağaza No;Ad Soyad;E-posta;Telefon;Rol;Genel Kullanıcı Adı;Üyelik Tarihi;Durum');
      const suleLine = lines.find((l) => l.includes('sule.csv@ornek.test'));
      expect(suleLine).toMatch(
        new RegExp(
          `^OPT#${sule.id.slice(0, 5).toUpperCase()};Şule Işıkçı Öztürk;sule\\.csv@ornek\\.test;\\+90 532 111 22 33;Mağaza Sahibi;;\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2};Aktif$`,
        ),
      );
      expect(text).toContain('"Noktalı; ""Tırnaklı"" Optik"');
      // A cell a spreadsheet would run as a formula is neutralised.
      expect(text).toContain(`"'=HYPERLINK(""http://kotu.example"")"`);
      expect(text.endsWith('\r\n')).toBe(true);
    });

    it('exports what the list filter shows and records the export', async () => {
      await createUser(t.database.db, { role: 'user', name: 'Filtre Kişisi Çağla', email: 'cagla.filtre@ornek.test' });
      const res = await callApi(t, 'GET', '/api/admin/users/export.csv?q=cagla&role=user', { cookie: adminCookie });
      const lines = res.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('Filtre Kişisi Çağla');
      const [audit] = await t.database.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.action, 'users_exported'));
      expect(audit).toMatchObject({ actorId: admin.id, targetType: 'user' });
    });
  });

  describe('one user', () => {
    it('shows the details, the last 10 security events and exports the user as a JSON download', async () => {
      const user = await createUser(t.database.db, { name: 'Deniz Çelik', phone: '0532 000 00 00' });
      for (let i = 0; i < 12; i++) {
        t.clock.advance(1000);
        await signIn(t, user);
      }
      const details = await callApi(t, 'GET', `/api/admin/users/${user.id}`, { cookie: adminCookie });
      expect(details.statusCode).toBe(200);
      expect(details.json()).toMatchObject({
        id: user.id,
        fullName: 'Deniz Çelik',
        phone: '0532 000 00 00',
        role: 'store_owner',
        activeSessions: 12,
        listingCount: 0,
      });
      expect(details.json().lastSignInAt).toBe(t.clock.now().toISOString());

      const events = await callApi(t, 'GET', `/api/admin/users/${user.id}/security-events`, { cookie: adminCookie });
      expect(events.json().events).toHaveLength(10);
      expect(events.json().events[0]).toMatchObject({
        type: 'sign_in_success',
        createdAt: t.clock.now().toISOString(),
      });

      const exported = await callApi(t, 'GET', `/api/admin/users/${user.id}/export.json`, { cookie: adminCookie });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toBe(
        `attachment; filename="kullanici-OPT-${user.id.slice(0, 5).toUpperCase()}.json"`,
      );
      expect(exported.json()).toMatchObject({
        user: { id: user.id, email: user.email, fullName: 'Deniz Çelik' },
        settings: null,
        roleChanges: [],
      });
      expect(exported.json().securityEvents).toHaveLength(10);
      expect(await auditRowsFor(t, user.id)).toEqual([
        expect.objectContaining({ action: 'user_exported', actorId: admin.id }),
      ]);
    });

    it('answers 404 "Kullanıcı bulunamadı" for an unknown user', async () => {
      for (const url of [
        '/api/admin/users/yok-boyle-biri',
        '/api/admin/users/yok-boyle-biri/security-events',
        '/api/admin/users/yok-boyle-biri/export.json',
      ]) {
        const res = await callApi(t, 'GET', url, { cookie: adminCookie });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: 'Kullanıcı bulunamadı' } });
      }
    });
  });

  describe('PUT /api/admin/users/:id', () => {
    it('saves the name and phone under the profile rules and records before and after', async () => {
      const user = await createUser(t.database.db, { name: 'Eski Ad', phone: null });
      const res = await callApi(t, 'PUT', `/api/admin/users/${user.id}`, {
        cookie: adminCookie,
        payload: { fullName: '  Yeni Ad Soyad ', phone: ' 0 (532) 123-45-67 ' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, fullName: 'Yeni Ad Soyad', phone: '0 (532) 123-45-67' });
      const [audit] = await auditRowsFor(t, user.id);
      expect(audit).toMatchObject({
        action: 'user_updated',
        details: {
          email: user.email,
          before: { fullName: 'Eski Ad', phone: null },
          after: { fullName: 'Yeni Ad Soyad', phone: '0 (532) 123-45-67' },
        },
      });

      const cleared = await callApi(t, 'PUT', `/api/admin/users/${user.id}`, {
        cookie: adminCookie,
        payload: { fullName: 'Yeni Ad Soyad', phone: '' },
      });
      expect(cleared.json().phone).toBeNull();
    });

    it.each([
      [{ fullName: 'A', phone: '' }, 'fullName', 'Ad soyad en az 2 karakter olmalıdır'],
      [{ fullName: 'Ayşe Yılmaz', phone: '0532' }, 'phone', 'Telefon numarası en az 10 haneli olmalıdır'],
      [{ fullName: 'Ayşe Yılmaz', phone: 'telefon numarası' }, 'phone', 'Geçerli bir telefon numarası giriniz'],
      [{ fullName: 'Ayşe Yılmaz', phone: '0532 123 45 67 89 01 23' }, 'phone', 'Telefon numarası çok uzun'],
    ])('refuses %j with the Turkish message', async (payload, field, message) => {
      const user = await createUser(t.database.db, { name: 'Değişmeyen Ad' });
      const res = await callApi(t, 'PUT', `/api/admin/users/${user.id}`, { cookie: adminCookie, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { [field]: message } });
      const [row] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
      expect(row.name).toBe('Değişmeyen Ad');
    });
  });

  describe('PUT /api/admin/users/:id/payment-account', () => {
    it('sets, shows and clears a store’s iyzico sub-merchant key, with an audit row each time', async () => {
      const store = await createUser(t.database.db);
      const set = await callApi(t, 'PUT', `/api/admin/users/${store.id}/payment-account`, {
        cookie: adminCookie,
        payload: { iyzicoSubMerchantKey: '  sm-KEY+/=_1 ' },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ id: store.id, iyzicoSubMerchantKey: 'sm-KEY+/=_1' });
      const detail = await callApi(t, 'GET', `/api/admin/users/${store.id}`, { cookie: adminCookie });
      expect(detail.json().iyzicoSubMerchantKey).toBe('sm-KEY+/=_1');
      const cleared = await callApi(t, 'PUT', `/api/admin/users/${store.id}/payment-account`, {
        cookie: adminCookie,
        payload: { iyzicoSubMerchantKey: '' },
      });
      expect(cleared.json().iyzicoSubMerchantKey).toBeNull();
      const audit = await auditRowsFor(t, store.id);
      expect(audit.map((row) => [row.action, row.details])).toEqual([
        ['payment_account_updated', { email: store.email, hadKey: false, hasKey: true }],
        ['payment_account_updated', { email: store.email, hadKey: true, hasKey: false }],
      ]);
    });

    it('refuses a malformed key, an unknown user, and a member who is not an admin', async () => {
      const store = await createUser(t.database.db);
      const bad = await callApi(t, 'PUT', `/api/admin/users/${store.id}/payment-account`, {
        cookie: adminCookie,
        payload: { iyzicoSubMerchantKey: 'boşluk var' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(adminMessages.users.subMerchantKeyInvalid);
      const unknown = await callApi(t, 'PUT', '/api/admin/users/yok-boyle-biri/payment-account', {
        cookie: adminCookie,
        payload: { iyzicoSubMerchantKey: 'x' },
      });
      expect(unknown.statusCode).toBe(404);
      const member = await signIn(t, store);
      const forbidden = await callApi(t, 'PUT', `/api/admin/users/${store.id}/payment-account`, {
        cookie: member,
        payload: { iyzicoSubMerchantKey: 'x' },
      });
      expect(forbidden.statusCode).toBe(403);
    });
  });

  describe('POST /api/admin/users/:id/change-role', () => {
    it('changes the role, writing role_change_audit and admin_audit_log rows at the same moment', async () => {
      const user = await createUser(t.database.db, { role: 'store_owner' });
      const res = await changeRole(t, adminCookie, user.id, {
        newRole: 'optician',
        reason: '  Mağaza kapandı, optisyen olarak devam ediyor ',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        oldRole: 'store_owner',
        newRole: 'optician',
        user: { id: user.id, role: 'optician' },
      });
      expect(await roleOf(t, user.id)).toBe('optician');

      const changes = await t.database.db.select().from(roleChangeAudit).where(eq(roleChangeAudit.userId, user.id));
      expect(changes).toEqual([
        expect.objectContaining({
          changedBy: admin.id,
          oldRole: 'store_owner',
          newRole: 'optician',
          reason: 'Mağaza kapandı, optisyen olarak devam ediyor',
        }),
      ]);
      const audit = await auditRowsFor(t, user.id);
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'role_changed',
          actorId: admin.id,
          details: expect.objectContaining({ oldRole: 'store_owner', newRole: 'optician' }),
        }),
      ]);
      expect(audit[0].createdAt.getTime()).toBe(changes[0].changedAt.getTime());

      // The overview's security card lists it first.
      const recent = await callApi(t, 'GET', '/api/admin/role-changes', { cookie: adminCookie });
      expect(recent.json().changes[0]).toMatchObject({
        userId: user.id,
        userEmail: user.email,
        changedByName: 'Yönetici Kemal',
        oldRole: 'store_owner',
        newRole: 'optician',
      });
    });

    it('refuses changing one’s own role with 403 and a clear message, changing nothing', async () => {
      const res = await changeRole(t, adminCookie, admin.id, { newRole: 'user', reason: 'Kendimi düşürmek istiyorum' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Kendi rolünüzü değiştiremezsiniz.' } });
      expect(await roleOf(t, admin.id)).toBe('admin');
    });

    it('requires a reason and a role different from the current one', async () => {
      const user = await createUser(t.database.db, { role: 'user' });
      const noReason = await changeRole(t, adminCookie, user.id, { newRole: 'optician', reason: '   ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { reason: am.roleChange.reasonRequired },
      });
      const missing = await changeRole(t, adminCookie, user.id, { newRole: 'optician' });
      expect(missing.json().error.fields).toEqual({ reason: am.roleChange.reasonRequired });
      const badRole = await changeRole(t, adminCookie, user.id, { newRole: 'superuser', reason: 'Geçerli gerekçe' });
      expect(badRole.json().error.fields).toEqual({ newRole: am.roleChange.roleRequired });
      const same = await changeRole(t, adminCookie, user.id, { newRole: 'user', reason: 'Aynı rol' });
      expect(same.statusCode).toBe(400);
      expect(same.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: am.roleChange.sameRole,
        fields: { newRole: am.roleChange.sameRole },
      });
      expect(await roleOf(t, user.id)).toBe('user');
      expect(await t.database.db.select().from(roleChangeAudit).where(eq(roleChangeAudit.userId, user.id))).toEqual([]);
      expect(await auditRowsFor(t, user.id)).toEqual([]);
    });

    it('answers 404 for an unknown user', async () => {
      const res = await changeRole(t, adminCookie, 'boyle-biri-yok', { newRole: 'user', reason: 'Gerekçe yazıldı' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Kullanıcı bulunamadı');
    });

    it('takes effect at the user’s next request, without signing them out', async () => {
      const member = await createUser(t.database.db, { role: 'store_owner' });
      const memberCookie = await signIn(t, member);
      expect((await callApi(t, 'GET', '/api/admin/stats', { cookie: memberCookie })).statusCode).toBe(403);

      expect(
        (await changeRole(t, adminCookie, member.id, { newRole: 'admin', reason: 'Bölge yöneticisi oldu' })).statusCode,
      ).toBe(200);
      expect((await callApi(t, 'GET', '/api/admin/stats', { cookie: memberCookie })).statusCode).toBe(200);
      const session = await callApi(t, 'GET', '/api/auth/session', { cookie: memberCookie });
      expect(session.json().user.role).toBe('admin');

      expect(
        (await changeRole(t, adminCookie, member.id, { newRole: 'user', reason: 'Görev süresi doldu' })).statusCode,
      ).toBe(200);
      const refused = await callApi(t, 'GET', '/api/admin/stats', { cookie: memberCookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('Yetkisiz erişim');
    });
  });

  describe('POST /api/admin/users/bulk-delete', () => {
    it('deletes the chosen users with their sessions and listings, never the admin asking, and reports the count', async () => {
      const a = await createUser(t.database.db, { name: 'Silinecek Bir' });
      const b = await createUser(t.database.db, { name: 'Silinecek İki' });
      await signIn(t, a);
      await t.database.db.insert(listings).values({
        sellerId: a.id,
        marka: 'Ray-Ban',
        modelKodu: 'RB1',
        kategori: 'gozluk',
        stock: 1,
        priceKurus: 1000,
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      });

      const res = await callApi(t, 'POST', '/api/admin/users/bulk-delete', {
        cookie: adminCookie,
        payload: { ids: [a.id, b.id, admin.id, a.id] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        deleted: 2,
        deletedIds: expect.arrayContaining([a.id, b.id]),
        skipped: [{ id: admin.id, reason: 'self' }],
        message: '2 kullanıcı silindi.',
        notes: ['Kendi hesabınızı silemezsiniz; hesabınız silinmedi.'],
      });
      expect(await roleOf(t, a.id)).toBeNull();
      expect(await roleOf(t, b.id)).toBeNull();
      expect(await roleOf(t, admin.id)).toBe('admin');
      expect(await sessionsOf(t.database.db, a.id)).toEqual([]);
      expect(await t.database.db.select().from(listings).where(eq(listings.sellerId, a.id))).toEqual([]);
      // The admin is still signed in.
      expect((await callApi(t, 'GET', '/api/admin/stats', { cookie: adminCookie })).statusCode).toBe(200);

      const audit = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'user_deleted'));
      expect(audit.filter((r) => r.targetId === a.id || r.targetId === b.id)).toHaveLength(2);
      expect(audit.find((r) => r.targetId === a.id)?.details).toMatchObject({
        email: a.email,
        fullName: 'Silinecek Bir',
      });
    });

    it('deletes nobody when only the admin’s own id is sent, and says so', async () => {
      const res = await callApi(t, 'POST', '/api/admin/users/bulk-delete', {
        cookie: adminCookie,
        payload: { ids: [admin.id] },
      });
      expect(res.json()).toMatchObject({
        deleted: 0,
        message: '0 kullanıcı silindi.',
        notes: ['Kendi hesabınızı silemezsiniz; hesabınız silinmedi.'],
      });
      expect(await roleOf(t, admin.id)).toBe('admin');
    });

    it('keeps users who took part in an order and users already gone, and says why', async () => {
      const buyer = await createUser(t.database.db);
      const seller = await createUser(t.database.db);
      await t.database.db.insert(orders).values({
        orderNumber: `SP-${buyer.id}`,
        buyerId: buyer.id,
        sellerId: seller.id,
        status: 'paid_escrow',
        totalKurus: 1000,
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      });
      const res = await callApi(t, 'POST', '/api/admin/users/bulk-delete', {
        cookie: adminCookie,
        payload: { ids: [buyer.id, 'zaten-silinmis'] },
      });
      expect(res.json()).toMatchObject({
        deleted: 0,
        skipped: expect.arrayContaining([
          { id: 'zaten-silinmis', reason: 'not_found' },
          { id: buyer.id, reason: 'has_orders' },
        ]),
        notes: ['1 kullanıcının siparişleri bulunduğu için silinmedi.', '1 kullanıcı zaten silinmiş.'],
      });
      expect(await roleOf(t, buyer.id)).toBe('store_owner');
    });

    it('requires at least one id', async () => {
      const res = await callApi(t, 'POST', '/api/admin/users/bulk-delete', {
        cookie: adminCookie,
        payload: { ids: [] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ ids: am.users.idsRequired });
    });
  });

  describe('POST /api/admin/users/:id/force-password-reset', () => {
    it('also writes an admin audit row', async () => {
      const user = await createUser(t.database.db);
      const res = await callApi(t, 'POST', `/api/admin/users/${user.id}/force-password-reset`, {
        cookie: adminCookie,
        payload: { reason: 'Şüpheli giriş denemeleri' },
      });
      expect(res.statusCode).toBe(200);
      expect(await auditRowsFor(t, user.id)).toEqual([
        expect.objectContaining({
          action: 'password_reset_forced',
          actorId: admin.id,
          details: expect.objectContaining({ reason: 'Şüpheli giriş denemeleri' }),
        }),
      ]);
    });
  });
});

describeEachDatabase('admin role change atomicity', (kind) => {
  const t = useTestApp(kind);

  it('leaves the role and role_change_audit untouched when the admin audit row cannot be written', async () => {
    t.clock.reset();
    const admin = await createUser(t.database.db, { role: 'admin' });
    const cookie = await signIn(t, admin);
    const user = await createUser(t.database.db, { role: 'user' });
    // Every new admin_audit_log row now fails, as a crash between the two writes would.
    await t.database.db.execute(sql`alter table admin_audit_log add constraint refuse_all check (false) not valid`);

    const res = await changeRole(t, cookie, user.id, { newRole: 'optician', reason: 'Atomiklik denemesi' });
    expect(res.statusCode).toBe(500);
    expect(await roleOf(t, user.id)).toBe('user');
    expect(await t.database.db.select().from(roleChangeAudit).where(eq(roleChangeAudit.userId, user.id))).toEqual([]);
  });
});
