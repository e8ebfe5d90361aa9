import { APIError } from 'better-auth/api';
import { settingsMessages } from '#shared/messages/account.tr.ts';
import type { UserSettings } from '#shared/schemas/account.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberContext } from '../../lib/context.ts';
import {
  assertUncommonPassword,
  endSessionsOfUser,
  findAccountById,
  listActiveSessionsOf,
  toSessionUser,
} from '../auth/index.ts';
import { publishAccessChanged, publishSessionsEnded } from '../../lib/live-events.ts';
import { recordSecurityEvent } from '../../lib/security-log.ts';
import { listRecentSecurityEvents } from '../security-events/index.ts';
import type { Db } from '../../db/client.ts';
import { findAutoOrderApprovalUserIds, findSettings, updateProfile, upsertSettings } from './account.repo.ts';

export async function getOwnProfile(ctx: MemberContext) {
  const user = await findAccountById(ctx.db, ctx.user.id);
  if (!user) {
    await recordSecurityEvent(
      ctx.db,
      { type: 'profile_fetch_failed', userId: ctx.user.id, ip: ctx.ip, userAgent: ctx.userAgent },
      ctx.clock.now(),
    );
    throw new AppError('NOT_FOUND');
  }
  await recordSecurityEvent(
    ctx.db,
    { type: 'profile_accessed', userId: user.id, ip: ctx.ip, userAgent: ctx.userAgent },
    ctx.clock.now(),
  );
  return toSessionUser(user);
}

export async function updateOwnProfile(ctx: MemberContext, input: { fullName: string; phone: string | null }) {
  const user = await ctx.db.transaction(async (tx) => {
    const updated = await updateProfile(tx, ctx.user.id, input, ctx.clock.now());
    // The member's sessions carry the name: every instance reads it afresh.
    if (updated) await publishAccessChanged(tx, [ctx.user.id]);
    return updated;
  });
  if (!user) throw new AppError('NOT_FOUND');
  return toSessionUser(user);
}

/** Changes the password after checking the current one; every other session of the user ends. */
export async function changeOwnPassword(ctx: MemberContext, input: { currentPassword: string; newPassword: string }) {
  assertUncommonPassword(input.newPassword);
  let result;
  try {
    result = await ctx.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: ctx.authHeaders(),
      returnHeaders: true,
    });
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 400) {
      throw new AppError('VALIDATION_FAILED', settingsMessages.currentWrong, {
        currentPassword: settingsMessages.currentWrong,
      });
    }
    throw error;
  }
  await recordSecurityEvent(
    ctx.db,
    {
      type: 'password_changed',
      userId: ctx.user.id,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      details: { via: 'settings' },
    },
    ctx.clock.now(),
  );
  // better-auth ended the other sessions itself: their event streams end with them.
  await publishSessionsEnded(ctx.db, [ctx.user.id]);
  return result.headers;
}

export async function getOwnSettings(ctx: MemberContext) {
  return findSettings(ctx.db, ctx.user.id);
}

export async function saveOwnSettings(ctx: MemberContext, settings: UserSettings) {
  // There is no SMS provider yet ("Yakında"): the switch cannot be turned on, so it is never stored on.
  return upsertSettings(ctx.db, ctx.user.id, { ...settings, smsNotifications: false }, ctx.clock.now());
}

/** The sellers among these whose paid orders go straight to shipping ("autoOrderApproval" on). */
export async function findAutoApprovingSellers(db: Db, sellerIds: string[]): Promise<Set<string>> {
  return findAutoOrderApprovalUserIds(db, sellerIds);
}

export async function listOwnSessions(ctx: MemberContext) {
  const rows = await listActiveSessionsOf(ctx.db, ctx.user.id, ctx.clock.now());
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    current: row.id === ctx.session.id,
  }));
}

/** Ends the user's sessions: every other one, or all of them (this browser too). */
export async function revokeOwnSessions(ctx: MemberContext, scope: 'others' | 'all') {
  await ctx.db.transaction(async (tx) => {
    const revoked = await endSessionsOfUser(tx, ctx.user.id, scope === 'others' ? ctx.session.id : undefined);
    await recordSecurityEvent(
      tx,
      {
        type: 'session_revoked',
        userId: ctx.user.id,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        details: { scope, count: revoked },
      },
      ctx.clock.now(),
    );
  });
}

export async function listOwnSecurityEvents(ctx: MemberContext) {
  return listRecentSecurityEvents(ctx.db, ctx.user.id, 10);
}
