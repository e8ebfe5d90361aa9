import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { unmetPasswordRules } from '#shared/password-policy.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { contextFrom } from '../../lib/context.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { forcedResetEmail } from '../../lib/mailer/templates.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { RequestAuth } from '../../plugins/auth.ts';
import { countAdmins, deleteSessionsOfUser, findUserById, insertUserWithPassword, setMustResetPassword, updateCredentialPassword } from '../auth/auth.repo.ts';
import { recordSecurityEvent } from '../security-events/security-events.service.ts';

const LETTERS = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '!@#$%&*?';

/** A random temporary password that meets the strong rules (unambiguous characters only). */
export function generateTemporaryPassword(length = 14): string {
  const all = LETTERS + UPPER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(LETTERS), pick(UPPER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export function newUserId(): string {
  return randomUUID().replace(/-/g, '');
}

/**
 * An admin forces another user to choose a new password: a temporary password is set, the flag
 * raised, their sessions ended and the e-mail queued, all in one transaction with its audit row.
 */
export async function forcePasswordResetOfUser(request: FastifyRequest, admin: RequestAuth, targetId: string, reason: string, loginUrl: string) {
  if (targetId === admin.user.id) throw new AppError('FORBIDDEN', 'Kendi şifrenizi bu yolla sıfırlayamazsınız; Ayarlar sayfasını kullanın.');
  const ctx = contextFrom(request);
  const target = await findUserById(ctx.db, targetId);
  if (!target) throw new AppError('NOT_FOUND', 'Kullanıcı bulunamadı');
  const tempPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(tempPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await updateCredentialPassword(tx, target.id, passwordHash, now))) throw new AppError('CONFLICT', 'Bu kullanıcının şifreyle giriş hesabı yok.');
    await setMustResetPassword(tx, target.id, true, now);
    const ended = await deleteSessionsOfUser(tx, target.id);
    await enqueueEmail(tx, target.email, forcedResetEmail({ name: target.name, tempPassword, loginUrl, reason }), now);
    await recordSecurityEvent(tx, { type: 'password_reset_forced', userId: target.id, ip: ctx.ip, userAgent: ctx.userAgent, details: { by: admin.user.id, reason, sessionsEnded: ended } }, now);
  });
  request.server.mailWorker?.kick();
  return { userId: target.id, emailQueued: true };
}

export interface FirstAdminResult {
  email: string;
  /** Only when the password was generated here: printed once at start-up. */
  generatedPassword: string | null;
}

/**
 * With no admin in the database, creates one: from ADMIN_EMAIL/ADMIN_PASSWORD when given,
 * otherwise a demo admin with a generated (or DEMO_PASSWORD) password that is shown once.
 */
export async function ensureFirstAdmin(db: Db, clock: Clock, options: { email?: string; password?: string; demoPassword?: string }): Promise<FirstAdminResult | null> {
  if ((await countAdmins(db)) > 0) return null;
  const email = (options.email ?? 'admin@optistok.local').toLowerCase();
  const generated = options.password ? null : (options.demoPassword ?? `${generateTemporaryPassword(12)}`);
  const password = options.password ?? generated!;
  if (unmetPasswordRules(password).length) throw new Error('ADMIN_PASSWORD does not meet the password rules (8+ characters, upper and lower case, a digit, a special character).');
  const id = newUserId();
  const now = clock.now();
  await db.transaction(async (tx) => {
    // Two instances starting together: the advisory lock makes the second see the first admin.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('optistok:first-admin'))`);
    if ((await countAdmins(tx)) > 0) return;
    await insertUserWithPassword(
      tx,
      { id, name: 'OptiStok Yönetici', email, role: 'admin', emailVerified: true, publicHandle: `yonetici-${randomBytes(3).toString('hex')}`, createdAt: now, updatedAt: now },
      await hashPassword(password),
    );
  });
  return { email, generatedPassword: options.password ? null : password };
}
