import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ApplicationStatus } from '#shared/status.ts';
import type { Db } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { applicationDocuments, userApplications } from '../../db/schema/applications.ts';
import { users } from '../../db/schema/users.ts';
import type { StatusTarget } from '../../lib/transition.ts';

export type ApplicationRow = typeof userApplications.$inferSelect;
export type NewApplication = typeof userApplications.$inferInsert;
export type NewApplicationDocument = typeof applicationDocuments.$inferInsert;
export type ApplicationDocumentRow = typeof applicationDocuments.$inferSelect;

export const PENDING_EMAIL_INDEX = 'user_applications_pending_email_uq';
export const PENDING_TAX_INDEX = 'user_applications_pending_tax_uq';

export async function insertApplication(db: Db, values: NewApplication) {
  const [row] = await db.insert(userApplications).values(values).returning();
  return row;
}

export async function insertApplicationDocument(db: Db, values: NewApplicationDocument) {
  const [row] = await db.insert(applicationDocuments).values(values).returning();
  return row;
}

/** Which of the e-mail and tax number already have a pending application. */
export async function findPendingDuplicates(db: Db, email: string, taxNumber: string) {
  const rows = await db
    .select({ email: userApplications.email, taxNumber: userApplications.taxNumber })
    .from(userApplications)
    .where(
      and(
        eq(userApplications.status, 'pending'),
        or(eq(userApplications.email, email), eq(userApplications.taxNumber, taxNumber)),
      ),
    );
  return { email: rows.some((r) => r.email === email), taxNumber: rows.some((r) => r.taxNumber === taxNumber) };
}

/** Turkish capitals folded first, so the result does not depend on the database's locale. */
const turkishFold = (column: AnyPgColumn) => sql`lower(translate(${column}, 'İIĞÜŞÖÇ', 'iığüşöç'))`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Newest first. `q` matches store name, person, e-mail, tax number and city, case-insensitively
 * under Turkish rules (İ/i, I/ı) and, for Latin text such as e-mail addresses, plain rules too.
 */
export async function findApplications(db: Db, filter: { status?: ApplicationStatus; q?: string }, limit: number) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(userApplications.status, filter.status));
  if (filter.q) {
    const turkish = `%${escapeLike(filter.q.toLocaleLowerCase('tr-TR'))}%`;
    const plain = `%${escapeLike(filter.q.toLowerCase())}%`;
    const columns = [
      userApplications.storeName,
      userApplications.authorizedPerson,
      userApplications.email,
      userApplications.taxNumber,
      userApplications.city,
    ];
    conditions.push(
      or(
        ...columns.map((c) => sql`${turkishFold(c)} like ${turkish}`),
        ...columns.map((c) => sql`lower(${c}) like ${plain}`),
      )!,
    );
  }
  return db
    .select({
      application: userApplications,
      // $count qualifies both columns; a raw sql subquery in a one-table select renders them bare,
      // and a bare "id" inside the subquery is the document's own id (the count was always 0).
      documentCount: db.$count(applicationDocuments, eq(applicationDocuments.applicationId, userApplications.id)),
    })
    .from(userApplications)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(userApplications.submittedAt), desc(userApplications.id))
    .limit(limit);
}

export async function findApplicationById(db: Db, id: string) {
  const [row] = await db.select().from(userApplications).where(eq(userApplications.id, id));
  return row ?? null;
}

export async function findApplicationDocuments(db: Db, applicationId: string) {
  return db
    .select()
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId))
    .orderBy(applicationDocuments.createdAt);
}

export async function findApplicationDocument(db: Db, applicationId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(applicationDocuments)
    .where(and(eq(applicationDocuments.applicationId, applicationId), eq(applicationDocuments.id, documentId)));
  return row ?? null;
}

export async function updateApplicationNotes(db: Db, id: string, adminNotes: string | null) {
  const [row] = await db
    .update(userApplications)
    .set({ adminNotes })
    .where(eq(userApplications.id, id))
    .returning({ id: userApplications.id });
  return row ?? null;
}

/** Membership applications as a status-machine target (pending → approved | rejected). */
export const applicationTarget: StatusTarget<typeof userApplications> = { table: userApplications };

export async function setApplicationCreatedUser(db: Db, id: string, userId: string) {
  await db.update(userApplications).set({ createdUserId: userId }).where(eq(userApplications.id, id));
}

export async function insertAdminAudit(db: Db, entry: typeof adminAuditLog.$inferInsert) {
  await db.insert(adminAuditLog).values(entry);
}

/** Public handles and slugs already taken that start with `handle` / `slug`. */
export async function findTakenPublicNames(db: Db, handle: string, slug: string) {
  const rows = await db
    .select({ handle: users.publicHandle, slug: users.publicSlug })
    .from(users)
    .where(
      or(
        sql`${users.publicHandle} like ${`${escapeLike(handle)}%`}`,
        sql`${users.publicSlug} like ${`${escapeLike(slug)}%`}`,
      ),
    );
  return { handles: new Set(rows.map((r) => r.handle)), slugs: new Set(rows.map((r) => r.slug)) };
}

/** Serialises approvals that derive the same public name, so the suffix check cannot race. */
export async function lockPublicName(db: Db, base: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`optistok:public-name:${base}`}))`);
}
