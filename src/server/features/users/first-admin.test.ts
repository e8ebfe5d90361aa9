import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unmetPasswordRules } from '#shared/password-policy.ts';
import { createTestDatabase, describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp } from '../../../../test/app.ts';
import { postSignIn } from '../../../../test/factories.ts';
import { openDatabase, type Database, type Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { createManualClock } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { ensureFirstAdmin } from './users.service.ts';

function adminsOf(db: Db) {
  return db.select().from(users).where(eq(users.role, 'admin'));
}

async function passwordWorks(db: Db, userId: string, password: string) {
  const [credential] = await db.select().from(accounts).where(eq(accounts.userId, userId));
  return verifyPassword(credential.password!, password);
}

describeEachDatabase('ensureFirstAdmin', (kind) => {
  describe('with ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    const t = useTestApp(kind);

    it('creates one admin from them who can sign in, and does nothing the second time', async () => {
      t.clock.reset();
      const result = await ensureFirstAdmin(t.database.db, t.clock, {
        email: 'Yonetici@Ornek-Optik.com.tr',
        password: 'Yonetim-Paneli-9!',
      });
      expect(result).toEqual({ email: 'yonetici@ornek-optik.com.tr', generatedPassword: null });

      const admins = await adminsOf(t.database.db);
      expect(admins).toHaveLength(1);
      expect(admins[0]).toMatchObject({
        email: 'yonetici@ornek-optik.com.tr',
        name: 'OptiStok Yönetici',
        emailVerified: true,
        mustResetPassword: false,
      });
      expect(admins[0].publicHandle).toMatch(/^yonetici-[0-9a-f]{6}$/);

      const res = await postSignIn(t, 'yonetici@ornek-optik.com.tr', 'Yonetim-Paneli-9!');
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: admins[0].id, role: 'admin' });

      const again = await ensureFirstAdmin(t.database.db, t.clock, {
        email: 'ikinci@ornek-optik.com.tr',
        password: 'Baska-Yonetici-8!',
      });
      expect(again).toBeNull();
      expect(await adminsOf(t.database.db)).toHaveLength(1);
      expect(await t.database.db.select().from(users).where(eq(users.email, 'ikinci@ornek-optik.com.tr'))).toHaveLength(
        0,
      );
    });
  });

  describe('without a password', () => {
    const t = useTestApp(kind);

    it('creates admin@optistok.local with a generated password that meets the rules and signs in', async () => {
      t.clock.reset();
      const result = await ensureFirstAdmin(t.database.db, t.clock, {});
      expect(result?.email).toBe('admin@optistok.local');
      const generated = result?.generatedPassword ?? '';
      expect(generated).toHaveLength(12);
      expect(unmetPasswordRules(generated)).toEqual([]);
      expect((await postSignIn(t, 'admin@optistok.local', generated)).statusCode).toBe(200);
    });
  });

  it('uses DEMO_PASSWORD for the demo admin when it is given', async () => {
    const database = await createTestDatabase(kind);
    try {
      const result = await ensureFirstAdmin(database.db, createManualClock(), { demoPassword: 'Demo-Gozluk-2026!' });
      expect(result).toEqual({ email: 'admin@optistok.local', generatedPassword: 'Demo-Gozluk-2026!' });
      const [admin] = await adminsOf(database.db);
      expect(await passwordWorks(database.db, admin.id, 'Demo-Gozluk-2026!')).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('refuses a weak ADMIN_PASSWORD and creates nobody', async () => {
    const database = await createTestDatabase(kind);
    try {
      await expect(
        ensureFirstAdmin(database.db, createManualClock(), { email: 'yonetici@ornek.com', password: 'yonetici123' }),
      ).rejects.toThrow(/ADMIN_PASSWORD does not meet the password rules/);
      expect(await adminsOf(database.db)).toHaveLength(0);
      expect(await database.db.select().from(users)).toHaveLength(0);
    } finally {
      await database.close();
    }
  });

  it('creates exactly one admin when two instances start at the same moment', async () => {
    const database = await createTestDatabase(kind);
    // On PostgreSQL the second instance has its own connection pool.
    const second: Database =
      kind === 'postgres' ? await openDatabase({ kind: 'postgres', url: database.url! }) : database;
    try {
      const clock = createManualClock();
      const results = await Promise.all([
        ensureFirstAdmin(database.db, clock, { email: 'birinci@ornek-optik.com.tr', password: 'Birinci-Yonetici-1!' }),
        ensureFirstAdmin(second.db, clock, { email: 'ikinci@ornek-optik.com.tr', password: 'Ikinci-Yonetici-2!' }),
      ]);
      const admins = await adminsOf(database.db);
      expect(admins).toHaveLength(1);
      // Only the instance that created the admin reports it (the other's password was never saved).
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await database.db.select().from(users)).toHaveLength(1);
      // The one created is one of the two asked for, with that caller's password.
      const winner = results.find((r) => r?.email === admins[0].email);
      expect(winner).toBeDefined();
      const password = admins[0].email === 'birinci@ornek-optik.com.tr' ? 'Birinci-Yonetici-1!' : 'Ikinci-Yonetici-2!';
      expect(await passwordWorks(database.db, admins[0].id, password)).toBe(true);
    } finally {
      if (second !== database) await second.close();
      await database.close();
    }
  });
});
