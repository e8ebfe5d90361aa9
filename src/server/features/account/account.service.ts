import type { FastifyRequest } from 'fastify';
import { APIError } from 'better-auth/api';
import { settingsMessages } from '#shared/messages/account.tr.ts';
import type { UserSettings } from '#shared/schemas/account.ts';
import { AppError } from '../../lib/app-error.ts';
import { contextFrom } from '../../lib/context.ts';
import { webHeaders, type RequestAuth } from '../../plugins/auth.ts';

import {
  assertUncommonPassword,
  endSessionsOfUser,
  findAccountById,
  listActiveSessionsOf,
  toSessionUser,
} from '../auth/auth.service.ts';
import { listRecentSecurityEvents, recordSecurityEvent } from '../security-events/security-events.service.ts';
import { findSettings, updateProfile, upsertSettings } from './account.repo.ts';

export async function getOwnProfile(request: FastifyRequest, auth: RequestAuth) {
  const ctx = contextFrom(request);
  const user = await findAccountById(ctx.db, auth.user.id);
  if (!user) {
    await recordSecurityEvent(
      ctx.db,
      { type: 'profile_fetch_failed', userId: auth.user.id, ip: ctx.ip, userAgent: ctx.userAgent },
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

export async function updateOwnProfile(
  request: FastifyRequest,
  auth: RequestAuth,
  input: { fullName: string; phone: string | null },
) {
  const ctx = contextFrom(request);
  const user = await updateProfile(ctx.db, auth.user.id, input, ctx.clock.now());
  if (!user) throw new AppError('NOT_FOUND');
  return toSessionUser(user);
}

/** Changes the password after checking the current one; every other session of the user ends. */
export async function changeOwnPassword(
  request: FastifyRequest,
  auth: RequestAuth,
  input: { currentPassword: string; newPassword: string },
) {
  assertUncommonPassword(input.newPassword);
  const ctx = contextFrom(request);
  let result;
  try {
    result = await request.server.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: webHeaders(request),
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
      userId: auth.user.id,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      details: { via: 'settings' },
    },
    ctx.clock.now(),
  );
  return result.headers;
}

export async function getOwnSettings(request: FastifyRequest, auth: RequestAuth) {
  return findSettings(contextFrom(request).db, auth.user.id);
}

export async function saveOwnSettings(request: FastifyRequest, auth: RequestAuth, settings: UserSettings) {
  const ctx = contextFrom(request);
  return upsertSettings(ctx.db, auth.user.id, settings, ctx.clock.now());
}

export async function listOwnSessions(request: FastifyRequest, auth: RequestAuth) {
  const ctx = contextFrom(request);
  const rows = await listActiveSessionsOf(ctx.db, auth.user.id, ctx.clock.now());
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    current: row.id === auth.session.id,
  }));
}

/** Ends the user's sessions: every other one, or all of them (this browser too). */
export async function revokeOwnSessions(request: FastifyRequest, auth: RequestAuth, scope: 'others' | 'all') {
  const ctx = contextFrom(request);
  await ctx.db.transaction(async (tx) => {
    const revoked = await endSessionsOfUser(tx, auth.user.id, scope === 'others' ? auth.session.id : undefined);
    await recordSecurityEvent(
      tx,
      {
        type: 'session_revoked',
        userId: auth.user.id,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        details: { scope, count: revoked },
      },
      ctx.clock.now(),
    );
  });
}

export async function listOwnSecurityEvents(request: FastifyRequest, auth: RequestAuth) {
  return listRecentSecurityEvents(contextFrom(request).db, auth.user.id, 10);
}
