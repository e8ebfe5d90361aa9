import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { unmetPasswordRules } from '#shared/password-policy.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AdminContext } from '../../lib/context.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { forcedResetEmail } from '../../lib/mailer/templates.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  countAdminAccounts,
  createAccountWithPassword,
  endSessionsOfUser,
  findAccountById,
  setTemporaryPassword,
} from '../auth/index.ts';
import { recordSecurityEvent } from '../../lib/security-log.ts';
import { recordAdminAction } from '../../lib/audit.ts';
import { lockFirstAdminCreation } from './users.repo.ts';

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
export async function forcePasswordResetOfUser(
  ctx: AdminContext,
  deps: { loginUrl: string },
  targetId: string,
  reason: string,
) {
  if (targetId === ctx.user.id)
    throw new AppError('FORBIDDEN', 'Kendi şifrenizi bu yolla sıfırlayamazsınız; Ayarlar sayfasını kullanın.');
  const target = await findAccountById(ctx.db, targetId);
  if (!target) throw new AppError('NOT_FOUND', 'Kullanıcı bulunamadı');
  const tempPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(tempPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await setTemporaryPassword(tx, target.id, passwordHash, now)))
      throw new AppError('CONFLICT', 'Bu kullanıcının şifreyle giriş hesabı yok.');
    const ended = await endSessionsOfUser(tx, target.id);
    await enqueueEmail(
      tx,
      target.email,
      forcedResetEmail({ name: target.name, tempPassword, loginUrl: deps.loginUrl, reason }),
      now,
    );
    await recordSecurityEvent(
      tx,
      {
        type: 'password_reset_forced',
        userId: target.id,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        details: { by: ctx.user.id, reason, sessionsEnded: ended },
      },
      now,
    );
    await recordAdminAction(
      tx,
      {
        actorId: ctx.user.id,
        action: 'password_reset_forced',
        targetType: 'user',
        targetId: target.id,
        details: { email: target.email, reason, sessionsEnded: ended },
        ip: ctx.ip,
      },
      now,
    );
  });
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
export async function ensureFirstAdmin(
  db: Db,
  clock: Clock,
  options: { email?: string; password?: string; demoPassword?: string },
): Promise<FirstAdminResult | null> {
  if ((await countAdminAccounts(db)) > 0) return null;
  const email = (options.email ?? 'admin@optistok.local').toLowerCase();
  const generated = options.password ? null : (options.demoPassword ?? `${generateTemporaryPassword(12)}`);
  const password = options.password ?? generated!;
  if (unmetPasswordRules(password).length) {
    const source = options.password ? 'ADMIN_PASSWORD' : 'DEMO_PASSWORD';
    throw new Error(
      `${source} does not meet the password rules (8+ characters, upper and lower case, a digit, a special character).`,
    );
  }
  const id = newUserId();
  const now = clock.now();
  const created = await db.transaction(async (tx) => {
    // Two instances starting together: the advisory lock makes the second see the first admin.
    await lockFirstAdminCreation(tx);
    if ((await countAdminAccounts(tx)) > 0) return false;
    await createAccountWithPassword(
      tx,
      {
        id,
        name: 'OptiStok Yönetici',
        email,
        role: 'admin',
        emailVerified: true,
        publicHandle: `yonetici-${randomBytes(3).toString('hex')}`,
        createdAt: now,
        updatedAt: now,
      },
      await hashPassword(password),
    );
    return true;
  });
  // The instance that lost the race reports nothing: its password was never saved.
  if (!created) return null;
  return { email, generatedPassword: options.password ? null : password };
}
