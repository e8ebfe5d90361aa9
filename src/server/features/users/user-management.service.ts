import { formatDateTime } from '#shared/dates.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { isRole, roleLabel, storeNumber, type Role } from '#shared/roles.ts';
import {
  ADMIN_PAGE_SIZE,
  AUDIT_LIST_LIMIT,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserList,
  type BulkDeleteResult,
  type ChangeRoleResult,
  type RoleChange,
  type UserExport,
} from '#shared/schemas/admin.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AdminContext } from '../../lib/context.ts';
import { toCsv } from '../../lib/csv.ts';
import { publishAccessChanged, publishSessionsEnded } from '../../lib/live-events.ts';
import { listRecentSecurityEvents } from '../security-events/index.ts';
import { recordAdminAction, recordAdminActions } from '../../lib/audit.ts';
import {
  deleteUsers,
  findAllUsers,
  findRoleChanges,
  findSubMerchantKey,
  findUserActivity,
  findUserIdsWithOrders,
  findUserRow,
  findUsersByIds,
  findUserSettingsRow,
  findUsersPage,
  insertRoleChange,
  updateUserNameAndPhone,
  updateUserRole,
  type UserRow,
  upsertSubMerchantKey,
} from './users.repo.ts';

/** Admin user management: list, details, export, role change, edit, bulk delete. */
const am = adminMessages;

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.name,
    phone: row.phone ?? null,
    role: isRole(row.role) ? row.role : 'user',
    publicHandle: row.publicHandle ?? null,
    publicSlug: row.publicSlug ?? null,
    storeNumber: storeNumber(row.id),
    mustResetPassword: row.mustResetPassword,
    banned: row.banned,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toRoleChange(row: Awaited<ReturnType<typeof findRoleChanges>>[number]): RoleChange {
  return { ...row, changedAt: row.changedAt.toISOString() };
}

export async function listUsers(
  ctx: AdminContext,
  query: { q?: string; role?: Role; page: number },
): Promise<AdminUserList> {
  const pageSize = ADMIN_PAGE_SIZE;
  const { rows, total } = await findUsersPage(ctx.db, query, pageSize, (query.page - 1) * pageSize);
  return {
    users: rows.map(toAdminUser),
    total,
    page: query.page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

async function requireUser(db: Db, id: string) {
  const row = await findUserRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', am.users.notFound);
  return row;
}

export async function getUserDetail(ctx: AdminContext, id: string): Promise<AdminUserDetail> {
  const row = await requireUser(ctx.db, id);
  const [activity, iyzicoSubMerchantKey] = await Promise.all([
    findUserActivity(ctx.db, id, ctx.clock.now()),
    findSubMerchantKey(ctx.db, id),
  ]);
  return {
    ...toAdminUser(row),
    ...activity,
    lastSignInAt: activity.lastSignInAt?.toISOString() ?? null,
    iyzicoSubMerchantKey,
  };
}

/** Sets the store's iyzico sub-merchant key (its sales are paid out there), with an audit row. */
export async function updatePaymentAccount(
  ctx: AdminContext,
  targetId: string,
  input: { iyzicoSubMerchantKey: string | null },
): Promise<AdminUserDetail> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const target = await findUserRow(tx, targetId, { forUpdate: true });
    if (!target) throw new AppError('NOT_FOUND', am.users.notFound);
    const before = await findSubMerchantKey(tx, targetId);
    await upsertSubMerchantKey(tx, targetId, input.iyzicoSubMerchantKey, ctx.user.id, now);
    await recordAdminAction(
      tx,
      {
        actorId: ctx.user.id,
        action: 'payment_account_updated',
        targetType: 'user',
        targetId,
        // The key is an identifier, not a secret; still, the log keeps only whether it was set.
        details: { email: target.email, hadKey: before !== null, hasKey: input.iyzicoSubMerchantKey !== null },
        ip: ctx.ip,
      },
      now,
    );
  });
  return getUserDetail(ctx, targetId);
}

/** The last 10 security events of one user (the details view). */
export async function listUserSecurityEvents(ctx: AdminContext, id: string) {
  await requireUser(ctx.db, id);
  return listRecentSecurityEvents(ctx.db, id, AUDIT_LIST_LIMIT);
}

/** The last 10 role changes of everyone (the security card of the overview). */
export async function listRecentRoleChanges(ctx: AdminContext): Promise<RoleChange[]> {
  return (await findRoleChanges(ctx.db, AUDIT_LIST_LIMIT)).map(toRoleChange);
}

/** One user as a JSON document; exporting personal data is itself audited. */
export async function exportUser(ctx: AdminContext, id: string): Promise<UserExport> {
  const user = await getUserDetail(ctx, id);
  const [settings, roleChanges, securityEvents] = await Promise.all([
    findUserSettingsRow(ctx.db, id),
    findRoleChanges(ctx.db, 100, id),
    listRecentSecurityEvents(ctx.db, id, AUDIT_LIST_LIMIT),
  ]);
  const now = ctx.clock.now();
  await recordAdminAction(
    ctx.db,
    {
      actorId: ctx.user.id,
      action: 'user_exported',
      targetType: 'user',
      targetId: id,
      details: { email: user.email, format: 'json' },
      ip: ctx.ip,
    },
    now,
  );
  return {
    exportedAt: now.toISOString(),
    user,
    settings: settings
      ? {
          autoOrderApproval: settings.autoOrderApproval,
          stockAlerts: settings.stockAlerts,
          priceChangeNotifications: settings.priceChangeNotifications,
          emailNotifications: settings.emailNotifications,
          smsNotifications: settings.smsNotifications,
          marketingEmails: settings.marketingEmails,
        }
      : null,
    roleChanges: roleChanges.map(toRoleChange),
    securityEvents,
  };
}

export const USERS_CSV_HEADER = [
  'Mağaza No',
  'Ad Soyad',
  'E-posta',
  'Telefon',
  'Rol',
  'Genel Kullanıcı Adı',
  'Üyelik Tarihi',
  'Durum',
];

/** The users (filtered like the list) as CSV: UTF-8 with BOM, ";"-separated, Turkish headers. */
export async function exportUsersCsv(ctx: AdminContext, filter: { q?: string; role?: Role }): Promise<string> {
  const rows = await findAllUsers(ctx.db, filter);
  await recordAdminAction(
    ctx.db,
    {
      actorId: ctx.user.id,
      action: 'users_exported',
      targetType: 'user',
      targetId: null,
      details: { format: 'csv', count: rows.length, q: filter.q ?? null, role: filter.role ?? null },
      ip: ctx.ip,
    },
    ctx.clock.now(),
  );
  return toCsv(
    USERS_CSV_HEADER,
    rows.map((row) => [
      storeNumber(row.id),
      row.name,
      row.email,
      row.phone,
      roleLabel(row.role),
      row.publicHandle ? `@${row.publicHandle}` : '',
      formatDateTime(row.createdAt),
      row.banned ? 'Askıya alındı' : row.mustResetPassword ? 'Şifre yenilemesi bekleniyor' : 'Aktif',
    ]),
  );
}

/**
 * Changes another user's role. Not one's own; a reason is required and the role must differ.
 * The update is conditional on the role read under a row lock, and the role_change_audit and
 * admin_audit_log rows are written in the same transaction. Every instance forgets the user's
 * cached sessions at commit, so the change applies at the user's next request.
 */
export async function changeUserRole(
  ctx: AdminContext,
  targetId: string,
  input: { newRole: Role; reason: string },
): Promise<ChangeRoleResult> {
  if (targetId === ctx.user.id) throw new AppError('FORBIDDEN', am.roleChange.self);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const target = await findUserRow(tx, targetId, { forUpdate: true });
    if (!target) throw new AppError('NOT_FOUND', am.users.notFound);
    const oldRole: Role = isRole(target.role) ? target.role : 'user';
    if (oldRole === input.newRole)
      throw new AppError('VALIDATION_FAILED', am.roleChange.sameRole, { newRole: am.roleChange.sameRole });
    const updated = await updateUserRole(tx, target.id, target.role, input.newRole, now);
    if (!updated) throw new AppError('CONFLICT');
    await publishAccessChanged(tx, [target.id]);
    await insertRoleChange(tx, {
      userId: target.id,
      changedBy: ctx.user.id,
      oldRole,
      newRole: input.newRole,
      reason: input.reason,
      changedAt: now,
    });
    await recordAdminAction(
      tx,
      {
        actorId: ctx.user.id,
        action: 'role_changed',
        targetType: 'user',
        targetId: target.id,
        details: { email: target.email, oldRole, newRole: input.newRole, reason: input.reason },
        ip: ctx.ip,
      },
      now,
    );
    return { user: toAdminUser(updated), oldRole, newRole: input.newRole };
  });
}

/** An admin corrects another user's (or their own) name and phone, under the profile rules. */
export async function updateUserByAdmin(
  ctx: AdminContext,
  targetId: string,
  input: { fullName: string; phone: string | null },
): Promise<AdminUser> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await findUserRow(tx, targetId, { forUpdate: true });
    if (!before) throw new AppError('NOT_FOUND', am.users.notFound);
    const after = await updateUserNameAndPhone(tx, targetId, input, now);
    if (!after) throw new AppError('NOT_FOUND', am.users.notFound);
    // Their sessions carry the name: every instance reads it afresh.
    await publishAccessChanged(tx, [targetId]);
    await recordAdminAction(
      tx,
      {
        actorId: ctx.user.id,
        action: 'user_updated',
        targetType: 'user',
        targetId,
        details: {
          email: before.email,
          before: { fullName: before.name, phone: before.phone },
          after: { fullName: after.name, phone: after.phone },
        },
        ip: ctx.ip,
      },
      now,
    );
    return toAdminUser(after);
  });
}

/**
 * Deletes the given users, never the admin asking: their id is skipped and the answer says so.
 * Users who took part in an order are kept (the order and its ledger must keep both parties).
 * Sessions, credentials, settings and listings go with the user; one audit row per deleted user.
 */
export async function bulkDeleteUsers(ctx: AdminContext, ids: string[]): Promise<BulkDeleteResult> {
  const requested = [...new Set(ids)];
  const now = ctx.clock.now();
  const skipped: BulkDeleteResult['skipped'] = requested
    .filter((id) => id === ctx.user.id)
    .map((id) => ({ id, reason: 'self' as const }));
  const candidates = requested.filter((id) => id !== ctx.user.id);
  const deleted = await ctx.db.transaction(async (tx) => {
    const existing = await findUsersByIds(tx, candidates);
    const existingIds = new Set(existing.map((u) => u.id));
    for (const id of candidates) if (!existingIds.has(id)) skipped.push({ id, reason: 'not_found' });
    const withOrders = await findUserIdsWithOrders(tx, [...existingIds]);
    for (const id of withOrders) skipped.push({ id, reason: 'has_orders' });
    const removed = await deleteUsers(
      tx,
      [...existingIds].filter((id) => !withOrders.has(id)),
    );
    // Their sessions went with them (cascade); so do their event streams.
    await publishSessionsEnded(
      tx,
      removed.map((user) => user.id),
    );
    await recordAdminActions(
      tx,
      removed.map((user) => ({
        actorId: ctx.user.id,
        action: 'user_deleted' as const,
        targetType: 'user',
        targetId: user.id,
        details: { email: user.email, fullName: user.name, role: user.role },
        ip: ctx.ip,
      })),
      now,
    );
    return removed;
  });
  const countOf = (reason: string) => skipped.filter((s) => s.reason === reason).length;
  const notes = [
    ...(countOf('self') ? [am.users.selfSkipped] : []),
    ...(countOf('has_orders') ? [am.users.ordersSkipped(countOf('has_orders'))] : []),
    ...(countOf('not_found') ? [am.users.missingSkipped(countOf('not_found'))] : []),
  ];
  return {
    deleted: deleted.length,
    deletedIds: deleted.map((u) => u.id),
    skipped,
    message: am.users.deleted(deleted.length),
    notes,
  };
}
