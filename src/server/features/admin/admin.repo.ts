import { and, count, desc, eq, gte, inArray, min, ne, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact-messages.ts';
import { emailOutbox } from '../../db/schema/email-outbox.ts';
import { userApplications } from '../../db/schema/applications.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern, foldedSql } from '../../lib/turkish-search.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

const toInt = (value: unknown) => Number(value ?? 0);

// ---------------------------------------------------------------------------------------------
// Overview figures

export async function countOverview(db: Db, recentSince: Date) {
  const [[pending], [active], [total], [recent]] = await Promise.all([
    db.select({ n: count() }).from(userApplications).where(eq(userApplications.status, 'pending')),
    db
      .select({ n: count() })
      .from(users)
      .where(and(ne(users.role, 'admin'), eq(users.banned, false))),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(userApplications).where(gte(userApplications.submittedAt, recentSince)),
  ]);
  return { pendingApplications: pending.n, activeUsers: active.n, totalUsers: total.n, recentApplications: recent.n };
}

// ---------------------------------------------------------------------------------------------
// Security log: admin_audit_log and security_events as one list

export interface SecurityLogFilter {
  /** Folded search text. */
  q?: string;
  source?: 'admin' | 'security';
  type?: string;
  /** Action or event types whose Turkish label matches q. */
  typesMatchingQuery?: string[];
}

export interface SecurityLogRow {
  id: string;
  source: 'admin' | 'security';
  type: string;
  created_at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  ip: string | null;
  details: Record<string, unknown> | string | null;
}

const securityLogUnion = sql`
  select a.id::text as id, 'admin' as source, a.action as type, a.created_at, a.actor_id,
         au.full_name as actor_name, au.email as actor_email, a.target_type, a.target_id,
         coalesce(tu.full_name || ' <' || tu.email || '>', a.details->>'email') as target_label,
         a.ip, a.details
    from admin_audit_log a
    left join users au on au.id = a.actor_id
    left join users tu on a.target_type = 'user' and tu.id = a.target_id
  union all
  select e.id::text, 'security', e.type, e.created_at, e.user_id,
         u.full_name, u.email, null, null, null, e.ip, e.details
    from security_events e
    left join users u on u.id = e.user_id`;

function securityLogWhere(filter: SecurityLogFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.source) conditions.push(sql`log.source = ${filter.source}`);
  if (filter.type) conditions.push(sql`log.type = ${filter.type}`);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    const searched = [
      sql`${foldedSql(sql`log.actor_name`)} like ${pattern}`,
      sql`${foldedSql(sql`log.actor_email`)} like ${pattern}`,
      sql`${foldedSql(sql`log.target_label`)} like ${pattern}`,
      sql`${foldedSql(sql`log.ip`)} like ${pattern}`,
      sql`${foldedSql(sql`log.details::text`)} like ${pattern}`,
      sql`${foldedSql(sql`log.type`)} like ${pattern}`,
    ];
    if (filter.typesMatchingQuery?.length) {
      searched.push(
        sql`log.type in (${sql.join(
          filter.typesMatchingQuery.map((t) => sql`${t}`),
          sql`, `,
        )})`,
      );
    }
    conditions.push(sql`(${sql.join(searched, sql` or `)})`);
  }
  return sql.join(conditions, sql` and `);
}

export async function findSecurityLogPage(db: Db, filter: SecurityLogFilter, limit: number, offset: number) {
  const where = securityLogWhere(filter);
  const [rows, [{ total }]] = await Promise.all([
    selectRows<SecurityLogRow>(
      db,
      sql`select * from (${securityLogUnion}) log where ${where} order by log.created_at desc, log.id desc limit ${limit} offset ${offset}`,
    ),
    selectRows<{ total: number | string }>(
      db,
      sql`select count(*) as total from (${securityLogUnion}) log where ${where}`,
    ),
  ]);
  return { rows, total: toInt(total) };
}

// ---------------------------------------------------------------------------------------------
// E-mail outbox

export async function countOutboxByStatus(db: Db) {
  const rows = await db
    .select({ status: emailOutbox.status, n: count() })
    .from(emailOutbox)
    .groupBy(emailOutbox.status);
  const counts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as keyof typeof counts] = row.n;
  return counts;
}

export async function findOldestPendingEmail(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ oldest: min(emailOutbox.createdAt) })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'pending'));
  return row?.oldest ? new Date(row.oldest) : null;
}

export async function findOutboxEmails(db: Db, options: { status?: string; relatedTo?: string; limit: number }) {
  const conditions = [
    options.status ? eq(emailOutbox.status, options.status) : undefined,
    options.relatedTo ? eq(emailOutbox.relatedTo, options.relatedTo) : undefined,
  ];
  return db
    .select()
    .from(emailOutbox)
    .where(and(...conditions))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(options.limit);
}

export async function findOutboxEmail(db: Db, id: string) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}

export async function insertOutboxEmail(db: Db, row: typeof emailOutbox.$inferInsert) {
  const [inserted] = await db.insert(emailOutbox).values(row).returning();
  return inserted;
}

/** Due again now with a fresh attempt budget; only mail that is not sent or being sent. */
export async function requeueOutboxEmail(db: Db, id: string, now: Date) {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['failed', 'pending'])))
    .returning();
  return row ?? null;
}

export async function requeueFailedEmails(db: Db, now: Date) {
  return db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(eq(emailOutbox.status, 'failed'))
    .returning({ id: emailOutbox.id });
}

// ---------------------------------------------------------------------------------------------
// Analytics and reports

/** Rows per week since `start` (week n = [start + n weeks, start + n+1 weeks)). */
async function countPerWeek(db: Db, table: 'users' | 'user_applications', start: Date): Promise<Map<number, number>> {
  const iso = start.toISOString();
  const query =
    table === 'users'
      ? sql`select floor(extract(epoch from (created_at - ${iso}::timestamptz)) / 604800)::int as bucket, count(*)::int as n
              from users where created_at >= ${iso}::timestamptz and role <> 'admin' group by 1`
      : sql`select floor(extract(epoch from (submitted_at - ${iso}::timestamptz)) / 604800)::int as bucket, count(*)::int as n
              from user_applications where submitted_at >= ${iso}::timestamptz group by 1`;
  const rows = await selectRows<{ bucket: number; n: number }>(db, query);
  return new Map(rows.map((r) => [toInt(r.bucket), toInt(r.n)]));
}

export async function countMembersPerWeek(db: Db, start: Date) {
  return countPerWeek(db, 'users', start);
}

export async function countApplicationsPerWeek(db: Db, start: Date) {
  return countPerWeek(db, 'user_applications', start);
}

export async function countApplicationsByStatus(db: Db) {
  const rows = await db
    .select({ status: userApplications.status, n: count() })
    .from(userApplications)
    .groupBy(userApplications.status);
  const counts = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as keyof typeof counts] = row.n;
  return counts;
}

export async function countUsersByRole(db: Db) {
  return db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
}

/** Users per month of joining (Turkish time, UTC+3 all year since 2016), as yyyy-MM. */
export async function countUsersPerMonth(db: Db, since: Date) {
  const rows = await selectRows<{ month: string; n: number }>(
    db,
    sql`select to_char((created_at at time zone 'UTC') + interval '3 hours', 'YYYY-MM') as month, count(*)::int as n
          from users where created_at >= ${since.toISOString()}::timestamptz group by 1`,
  );
  return new Map(rows.map((r) => [r.month, toInt(r.n)]));
}

// ---------------------------------------------------------------------------------------------
// Notifications

export async function findLatestContactMessages(db: Db, limit: number) {
  return db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

export async function countContactMessages(db: Db, since?: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(since ? gte(contactMessages.createdAt, since) : undefined);
  return row.n;
}

export async function findPendingApplications(db: Db, limit: number) {
  return db
    .select({
      id: userApplications.id,
      storeName: userApplications.storeName,
      city: userApplications.city,
      submittedAt: userApplications.submittedAt,
    })
    .from(userApplications)
    .where(eq(userApplications.status, 'pending'))
    .orderBy(desc(userApplications.submittedAt))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Database overview (read-only)

/** The tables of the public schema with exact row counts. */
export async function countTableRows(db: Db) {
  const tables = await selectRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  if (tables.length === 0) return [];
  // Table names come from the catalogue and are quoted as identifiers.
  const parts = tables.map((t) => sql`select ${t.name} as name, count(*)::int as rows from ${sql.identifier(t.name)}`);
  const rows = await selectRows<{ name: string; rows: number }>(db, sql.join(parts, sql` union all `));
  return rows.map((r) => ({ name: r.name, rows: toInt(r.rows) })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The `created_at` (journal `when`) of every applied migration. */
export async function findAppliedMigrations(db: Db): Promise<Set<number>> {
  const rows = await selectRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations`,
  );
  return new Set(rows.map((r) => Number(r.created_at)));
}

/** Paid orders and their value per Turkish calendar day since `since` (yyyy-MM-dd → figures). */
export async function sumPaidOrdersPerDay(db: Db, since: Date) {
  const rows = await selectRows<{ day: string; n: number; gmv: string }>(
    db,
    sql`select to_char(paid_at at time zone 'Europe/Istanbul', 'YYYY-MM-DD') as day, count(*)::int as n,
               coalesce(sum(total_kurus), 0)::text as gmv
          from orders where paid_at >= ${since.toISOString()}::timestamptz group by 1`,
  );
  return new Map(rows.map((r) => [r.day, { orders: toInt(r.n), gmvKurus: Number(r.gmv) }]));
}

/** Disputes opened (created) and resolved (decided or agreed) per Turkish calendar day since `since`. */
export async function countDisputesPerDay(db: Db, since: Date) {
  const iso = since.toISOString();
  const rows = await selectRows<{ day: string; kind: string; n: number }>(
    db,
    sql`select to_char(created_at at time zone 'Europe/Istanbul', 'YYYY-MM-DD') as day, 'opened' as kind, count(*)::int as n
          from admin_disputes where created_at >= ${iso}::timestamptz group by 1
        union all
        select to_char(updated_at at time zone 'Europe/Istanbul', 'YYYY-MM-DD'), 'resolved', count(*)::int
          from admin_disputes where status = 'resolved' and updated_at >= ${iso}::timestamptz group by 1`,
  );
  const byDay = new Map<string, { opened: number; resolved: number }>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? { opened: 0, resolved: 0 };
    day[row.kind as 'opened' | 'resolved'] = toInt(row.n);
    byDay.set(row.day, day);
  }
  return byDay;
}
