import { addDaysToDay, startOfDayInTurkey, todayInTurkey } from '#shared/dates.ts';
import { lastMonthsInTurkey } from '#shared/months.ts';
import { securityEventMessages } from '#shared/messages/account.tr.ts';
import { countWaitingDisputes } from '../disputes/index.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { isRole, roles } from '#shared/roles.ts';
import {
  ADMIN_PAGE_SIZE,
  type AdminNotifications,
  type AdminStats,
  type Analytics,
  type ContactMessageSummary,
  type DatabaseOverview,
  type MembersReport,
  type OutboxEmail,
  type SecurityLog,
  type SecurityLogEntry,
  type SystemStatus,
} from '#shared/schemas/admin.ts';
import { pingDatabase, type DatabaseKind } from '../../db/client.ts';
import { readMigrationJournal, readMigrationLevel } from '../../db/migrate.ts';
import { AppError } from '../../lib/app-error.ts';
import { appVersion } from '../../lib/app-root.ts';
import type { AdminContext } from '../../lib/context.ts';
import { foldTurkish } from '../../lib/turkish-search.ts';
import { recordAdminAction } from '../../lib/audit.ts';
import { sumEscrowHeld } from '../../lib/ledger.ts';
import {
  countApplicationsByStatus,
  countApplicationsPerWeek,
  countDisputesPerDay,
  sumPaidOrdersPerDay,
  countContactMessages,
  countMembersPerWeek,
  countOutboxByStatus,
  countOverview,
  countTableRows,
  countUsersByRole,
  countUsersPerMonth,
  findAppliedMigrations,
  findLatestContactMessages,
  findOldestPendingEmail,
  findOutboxEmail,
  findOutboxEmails,
  findPendingApplications,
  findSecurityLogPage,
  requeueFailedEmails,
  requeueOutboxEmail,
  type OutboxRow,
  type SecurityLogRow,
} from './admin.repo.ts';

const am = adminMessages;
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** Days of trading figures on the analytics page. */
const TRADING_DAYS = 30;

/** What the admin services need to know about the running process. */
export interface SystemInfo {
  databaseKind: DatabaseKind;
  smtpConfigured: boolean;
  workerRunning: boolean;
}

export async function getAdminStats(ctx: AdminContext): Promise<AdminStats> {
  const [overview, waitingDisputes] = await Promise.all([
    countOverview(ctx.db, new Date(ctx.clock.now().getTime() - 7 * DAY_MS)),
    countWaitingDisputes(ctx.db),
  ]);
  return { ...overview, waitingDisputes };
}

// ---------------------------------------------------------------------------------------------
// Security log

/** Types whose Turkish label contains the search text (so "rol değiş" finds role changes). */
function typesMatching(query: string): string[] {
  const folded = foldTurkish(query);
  return [...Object.entries(am.actions), ...Object.entries(securityEventMessages)]
    .filter(([, label]) => foldTurkish(label).includes(folded))
    .map(([type]) => type);
}

function toSecurityLogEntry(row: SecurityLogRow): SecurityLogEntry {
  const details =
    typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : (row.details ?? {});
  return {
    id: row.id,
    source: row.source,
    type: row.type,
    createdAt: new Date(row.created_at).toISOString(),
    actorId: row.actor_id,
    actorName: row.actor_name,
    actorEmail: row.actor_email,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    ip: row.ip,
    details,
  };
}

/** Every admin action and security event, newest first, searchable and filterable by type. */
export async function getSecurityLog(
  ctx: AdminContext,
  query: { q?: string; type?: string; page: number },
): Promise<SecurityLog> {
  const source = query.type === 'admin' || query.type === 'security' ? query.type : undefined;
  const type = source ? undefined : query.type;
  const pageSize = ADMIN_PAGE_SIZE;
  const { rows, total } = await findSecurityLogPage(
    ctx.db,
    { q: query.q, source, type, typesMatchingQuery: query.q ? typesMatching(query.q) : undefined },
    pageSize,
    (query.page - 1) * pageSize,
  );
  return {
    entries: rows.map(toSecurityLogEntry),
    total,
    page: query.page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

// ---------------------------------------------------------------------------------------------
// Outbox and system status

export function toOutboxEmail(row: OutboxRow): OutboxEmail {
  const attachments = Array.isArray(row.attachments) ? row.attachments : [];
  return {
    id: row.id,
    template: row.template,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status as OutboxEmail['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    transport: row.transport,
    messageId: row.messageId,
    attachmentCount: attachments.length,
    attachmentNames: attachments.map((a) => a.filename),
    fallbackUsed: row.fallbackUsed,
    relatedTo: row.relatedTo,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function getSystemStatus(ctx: AdminContext, system: SystemInfo): Promise<SystemStatus> {
  const now = ctx.clock.now();
  const latencyMs = await pingDatabase(ctx.db).then(
    (ms) => Math.round(ms * 100) / 100,
    () => null,
  );
  const [migrations, counts, oldestPending, failed] = await Promise.all([
    readMigrationLevel(ctx.db),
    countOutboxByStatus(ctx.db),
    findOldestPendingEmail(ctx.db),
    findOutboxEmails(ctx.db, { status: 'failed', limit: 20 }),
  ]);
  return {
    checkedAt: now.toISOString(),
    database: { kind: system.databaseKind, reachable: latencyMs !== null, latencyMs },
    migrations,
    outbox: {
      ...counts,
      oldestPendingSeconds: oldestPending
        ? Math.max(0, Math.round((now.getTime() - oldestPending.getTime()) / 1000))
        : null,
      transport: system.smtpConfigured ? 'smtp' : 'dev-mailbox',
      workerRunning: system.workerRunning,
    },
    failedEmails: failed.map(toOutboxEmail),
    uptimeSeconds: Math.round(process.uptime()),
    version: appVersion,
    nodeVersion: process.version,
    memoryRssBytes: process.memoryUsage().rss,
  };
}

export async function listOutboxEmails(ctx: AdminContext, limit = 50): Promise<OutboxEmail[]> {
  return (await findOutboxEmails(ctx.db, { limit })).map(toOutboxEmail);
}

/** Puts a failed (or waiting) e-mail back in the queue, due now with a fresh attempt budget. */
export async function retryOutboxEmail(ctx: AdminContext, id: string): Promise<OutboxEmail> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await requeueOutboxEmail(tx, id, now);
    if (!row) {
      const existing = await findOutboxEmail(tx, id);
      if (!existing) throw new AppError('NOT_FOUND', am.outbox.notFound);
      throw new AppError('CONFLICT', am.outbox.notRetryable);
    }
    await recordAdminAction(
      tx,
      {
        actorId: ctx.user.id,
        action: 'outbox_retried',
        targetType: 'email_outbox',
        targetId: id,
        details: { to: row.toAddress, subject: row.subject },
        ip: ctx.ip,
      },
      now,
    );
    return toOutboxEmail(row);
  });
}

export async function retryAllFailedEmails(ctx: AdminContext): Promise<{ retried: number; message: string }> {
  const now = ctx.clock.now();
  const retried = await ctx.db.transaction(async (tx) => {
    const rows = await requeueFailedEmails(tx, now);
    if (rows.length) {
      await recordAdminAction(
        tx,
        {
          actorId: ctx.user.id,
          action: 'outbox_retried',
          targetType: 'email_outbox',
          targetId: null,
          details: { count: rows.length, ids: rows.slice(0, 100).map((r) => r.id) },
          ip: ctx.ip,
        },
        now,
      );
    }
    return rows.length;
  });
  return { retried, message: am.outbox.retriedAll(retried) };
}

// ---------------------------------------------------------------------------------------------
// Analytics and reports

/** Monday 00:00 (Turkish time) of the week holding `at`, as a UTC instant. */
export function turkishWeekStart(at: Date): Date {
  const day = todayInTurkey(at);
  const daysSinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return startOfDayInTurkey(addDaysToDay(day, -daysSinceMonday));
}

export const ANALYTICS_WEEKS = 12;

/** New members (non-admin accounts) and applications per week, the last 12 weeks, oldest first. */
export async function getAnalytics(ctx: AdminContext): Promise<Analytics> {
  const start = new Date(turkishWeekStart(ctx.clock.now()).getTime() - (ANALYTICS_WEEKS - 1) * WEEK_MS);
  // The last 30 Turkish calendar days, today included.
  const firstDay = addDaysToDay(todayInTurkey(ctx.clock.now()), -(TRADING_DAYS - 1));
  const tradingSince = startOfDayInTurkey(firstDay);
  const [members, applications, applicationsByStatus, paid, disputes, escrowHeldKurus] = await Promise.all([
    countMembersPerWeek(ctx.db, start),
    countApplicationsPerWeek(ctx.db, start),
    countApplicationsByStatus(ctx.db),
    sumPaidOrdersPerDay(ctx.db, tradingSince),
    countDisputesPerDay(ctx.db, tradingSince),
    sumEscrowHeld(ctx.db),
  ]);
  const days = Array.from({ length: TRADING_DAYS }, (_, i) => {
    const date = addDaysToDay(firstDay, i);
    return {
      date,
      orders: paid.get(date)?.orders ?? 0,
      gmvKurus: paid.get(date)?.gmvKurus ?? 0,
      disputesOpened: disputes.get(date)?.opened ?? 0,
      disputesResolved: disputes.get(date)?.resolved ?? 0,
    };
  });
  const series = (counts: Map<number, number>) =>
    Array.from({ length: ANALYTICS_WEEKS }, (_, week) => ({
      weekStart: todayInTurkey(new Date(start.getTime() + week * WEEK_MS)),
      count: counts.get(week) ?? 0,
    }));
  return {
    weeks: ANALYTICS_WEEKS,
    members: series(members),
    applications: series(applications),
    applicationsByStatus,
    trading: { days, escrowHeldKurus },
  };
}

/** Members by role and by month of joining (the last 12 months, oldest first). */
export async function getMembersReport(ctx: AdminContext): Promise<MembersReport> {
  const months = lastMonthsInTurkey(ctx.clock.now(), 12);
  const since = startOfDayInTurkey(`${months[0]}-01`);
  const [byRoleRows, perMonth] = await Promise.all([countUsersByRole(ctx.db), countUsersPerMonth(ctx.db, since)]);
  const byRole = roles.map((role) => ({
    role,
    count: byRoleRows.filter((r) => (isRole(r.role) ? r.role : 'user') === role).reduce((sum, r) => sum + r.n, 0),
  }));
  return {
    total: byRole.reduce((sum, r) => sum + r.count, 0),
    byRole,
    byMonth: months.map((month) => ({ month, count: perMonth.get(month) ?? 0 })),
  };
}

// ---------------------------------------------------------------------------------------------
// Notifications and contact messages

function toContactMessage(row: Awaited<ReturnType<typeof findLatestContactMessages>>[number]): ContactMessageSummary {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listContactMessages(ctx: AdminContext, limit = 50) {
  const [rows, total] = await Promise.all([findLatestContactMessages(ctx.db, limit), countContactMessages(ctx.db)]);
  return { messages: rows.map(toContactMessage), total };
}

/** What needs an admin's attention now: pending applications, failed e-mails, new messages. */
export async function getAdminNotifications(ctx: AdminContext): Promise<AdminNotifications> {
  const weekAgo = new Date(ctx.clock.now().getTime() - 7 * DAY_MS);
  const [stats, pending, outboxCounts, failed, lastWeek, contacts] = await Promise.all([
    countOverview(ctx.db, weekAgo),
    findPendingApplications(ctx.db, 5),
    countOutboxByStatus(ctx.db),
    findOutboxEmails(ctx.db, { status: 'failed', limit: 5 }),
    countContactMessages(ctx.db, weekAgo),
    findLatestContactMessages(ctx.db, 10),
  ]);
  return {
    pendingApplications: {
      count: stats.pendingApplications,
      latest: pending.map((a) => ({ ...a, submittedAt: a.submittedAt.toISOString() })),
    },
    failedEmails: { count: outboxCounts.failed, latest: failed.map(toOutboxEmail) },
    contactMessages: { lastWeek, latest: contacts.map(toContactMessage) },
  };
}

// ---------------------------------------------------------------------------------------------
// Database overview

export async function getDatabaseOverview(ctx: AdminContext, kind: DatabaseKind): Promise<DatabaseOverview> {
  const [tables, applied] = await Promise.all([countTableRows(ctx.db), findAppliedMigrations(ctx.db)]);
  const migrations = readMigrationJournal().map((entry) => ({
    tag: entry.tag,
    applied: applied.has(entry.when),
    createdAt: new Date(entry.when).toISOString(),
  }));
  return { kind, tables, migrations };
}
