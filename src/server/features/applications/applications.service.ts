import { notificationMessages } from '#shared/messages/notifications.tr.ts';
import { notifyAdmins } from '../notifications/index.ts';
import type { ReadStream } from 'node:fs';
import { applicationMessages } from '#shared/messages/applications.tr.ts';
import {
  detectFileType,
  fileTypeByName,
  type ApplicationDetails,
  type ApplicationReceipt,
  type ApplicationSummary,
} from '#shared/schemas/applications.ts';
import { type ApplicationStatus } from '#shared/status.ts';
import { adminPaths } from '#shared/site-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AdminContext, ServiceContext } from '../../lib/context.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import {
  applicationReceivedEmail,
  newApplicationAdminEmail,
  type ApplicantDetails,
} from '../../lib/mailer/templates.ts';
import type { Storage } from '../../lib/storage.ts';
import { resolveAdminNotificationEmail } from '../platform-settings/index.ts';
import type { IncomingUpload } from '../../lib/document-upload.ts';
import {
  findApplicationById,
  findApplicationDocument,
  findApplicationDocuments,
  findApplications,
  findPendingDuplicates,
  insertAdminAudit,
  insertApplication,
  insertApplicationDocument,
  PENDING_EMAIL_INDEX,
  PENDING_TAX_INDEX,
  updateApplicationNotes,
  type ApplicationDocumentRow,
  type ApplicationRow,
} from './applications.repo.ts';

const m = applicationMessages;

/** Larger certificates are not attached to the admin's mail (mail servers refuse big messages after base64). */
export const MAX_MAIL_ATTACHMENT_BYTES = 7 * 1024 * 1024;
/** Most applications the admin list returns at once. */
const LIST_LIMIT = 500;
export const TARGET = 'user_application';
export const notFound = () => new AppError('NOT_FOUND', m.notFound);
export const alreadyDecided = () => new AppError('CONFLICT', m.alreadyDecided);

export interface ApplicationDeps {
  storage: Storage;
  appUrl: string;
}

export interface ApplicationInput extends ApplicantDetails {
  applicantType: string;
  document: IncomingUpload;
}

/** The unique index a failed statement broke, found through Drizzle's wrapping of the driver error. */
function violatedUniqueIndex(error: unknown): string | null {
  for (
    let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return e.constraint ?? e.message ?? '';
  }
  return null;
}

export function duplicateError(error: unknown): AppError | null {
  const index = violatedUniqueIndex(error);
  if (index === null) return null;
  if (index.includes(PENDING_EMAIL_INDEX)) return new AppError('CONFLICT', m.duplicateEmail);
  if (index.includes(PENDING_TAX_INDEX)) return new AppError('CONFLICT', m.duplicateTaxNumber);
  if (index.includes('users_email')) return new AppError('CONFLICT', m.accountExists);
  return null;
}

function fileTypeError() {
  return new AppError('VALIDATION_FAILED', m.fileType.description, { document: m.fileType.description });
}

/**
 * A public membership application: the certificate is checked by its content, stored privately,
 * and the application, its document, both e-mails and the audit row are written in one
 * transaction. Nothing is left behind when any step fails.
 */
export async function submitApplication(
  ctx: ServiceContext,
  deps: ApplicationDeps,
  input: ApplicationInput,
): Promise<ApplicationReceipt> {
  const { document } = input;
  // The content decides, and it must agree with the name: a PNG called .pdf is refused too.
  const detected = detectFileType(document.temp.head);
  if (!detected || detected !== fileTypeByName(document.originalName)) throw fileTypeError();

  const duplicates = await findPendingDuplicates(ctx.db, input.email, input.taxNumber);
  if (duplicates.email) throw new AppError('CONFLICT', m.duplicateEmail);
  if (duplicates.taxNumber) throw new AppError('CONFLICT', m.duplicateTaxNumber);

  const storageKey = await deps.storage.commit(document.temp, 'applications');
  const now = ctx.clock.now();
  let receipt: ApplicationReceipt;
  try {
    receipt = await ctx.db.transaction(async (tx) => {
      const application = await insertApplication(tx, {
        storeName: input.storeName,
        authorizedPerson: input.authorizedPerson,
        email: input.email,
        phone: input.phone,
        taxNumber: input.taxNumber,
        utsNumber: input.utsNumber,
        city: input.city,
        district: input.district,
        additionalInfo: input.additionalInfo,
        applicantType: input.applicantType,
        status: 'pending',
        submittedAt: now,
        submitterIp: ctx.ip,
      });
      const relatedTo = `application:${application.id}`;
      await insertApplicationDocument(tx, {
        applicationId: application.id,
        storageKey,
        originalName: document.originalName,
        contentType: detected,
        sizeBytes: document.temp.sizeBytes,
        sha256: document.temp.sha256,
        createdAt: now,
      });
      const userEmailId = await enqueueEmail(tx, input.email, applicationReceivedEmail(input), now, { relatedTo });

      const adminAddress = await resolveAdminNotificationEmail(tx);
      const attachmentIncluded = adminAddress !== null && document.temp.sizeBytes <= MAX_MAIL_ATTACHMENT_BYTES;
      const fallbackUsed = adminAddress !== null && !attachmentIncluded;
      const adminEmailId = adminAddress
        ? await enqueueEmail(
            tx,
            adminAddress,
            newApplicationAdminEmail({
              ...input,
              documentName: document.originalName,
              attachmentIncluded,
              adminUrl: `${deps.appUrl}${adminPaths.applications}`,
            }),
            now,
            {
              attachments: attachmentIncluded
                ? [{ filename: document.originalName, contentType: detected, storageKey }]
                : [],
              fallbackUsed,
              relatedTo,
            },
          )
        : null;

      await notifyAdmins(
        tx,
        {
          type: 'application_new',
          title: notificationMessages.events.applicationTitle,
          message: notificationMessages.events.applicationBody(input.storeName),
          relatedId: application.id,
          actionUrl: adminPaths.applications,
          actionText: notificationMessages.events.applicationAction,
        },
        now,
      );
      await insertAdminAudit(tx, {
        actorId: null,
        action: 'application_submitted',
        targetType: TARGET,
        targetId: application.id,
        details: {
          storeName: input.storeName,
          email: input.email,
          document: { contentType: detected, sizeBytes: document.temp.sizeBytes, sha256: document.temp.sha256 },
          adminNotified: adminAddress !== null,
        },
        ip: ctx.ip,
        createdAt: now,
      });

      return {
        id: application.id,
        fileAttached: attachmentIncluded,
        userEmailSent: true,
        adminEmailSent: adminEmailId !== null,
        details: {
          adminEmail: { id: adminEmailId, emailId: adminEmailId, fallbackUsed, attachmentIncluded },
          userEmail: { id: userEmailId },
        },
      };
    });
  } catch (error) {
    await deps.storage.remove(storageKey);
    throw duplicateError(error) ?? error;
  }
  return receipt;
}

function toSummary(row: ApplicationRow, documentCount: number): ApplicationSummary {
  return {
    id: row.id,
    storeName: row.storeName,
    authorizedPerson: row.authorizedPerson,
    email: row.email,
    phone: row.phone,
    taxNumber: row.taxNumber,
    utsNumber: row.utsNumber,
    city: row.city,
    district: row.district,
    status: row.status as ApplicationStatus,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    documentCount,
  };
}

function toDetails(row: ApplicationRow, documents: ApplicationDocumentRow[]): ApplicationDetails {
  return {
    ...toSummary(row, documents.length),
    additionalInfo: row.additionalInfo,
    applicantType: row.applicantType,
    adminNotes: row.adminNotes,
    rejectionReason: row.rejectionReason,
    createdUserId: row.createdUserId,
    documents: documents.map((d) => ({
      id: d.id,
      originalName: d.originalName,
      contentType: d.contentType,
      sizeBytes: d.sizeBytes,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}

export async function listApplications(
  ctx: ServiceContext,
  filter: { status?: ApplicationStatus; q?: string },
): Promise<ApplicationSummary[]> {
  const rows = await findApplications(ctx.db, { status: filter.status, q: filter.q || undefined }, LIST_LIMIT);
  return rows.map((r) => toSummary(r.application, r.documentCount));
}

export async function requireApplication(ctx: ServiceContext, id: string) {
  const row = await findApplicationById(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

export async function getApplication(ctx: ServiceContext, id: string): Promise<ApplicationDetails> {
  const row = await requireApplication(ctx, id);
  return toDetails(row, await findApplicationDocuments(ctx.db, id));
}

/** The stored certificate for download, with its detected type; the download is audited. */
export async function openApplicationDocument(ctx: AdminContext, storage: Storage, id: string, documentId: string) {
  const document = await findApplicationDocument(ctx.db, id, documentId);
  if (!document) throw new AppError('NOT_FOUND', m.documentNotFound);
  const file = await storage.open(document.storageKey);
  if (!file) throw new AppError('NOT_FOUND', m.documentNotFound);
  await insertAdminAudit(ctx.db, {
    actorId: ctx.user.id,
    action: 'application_document_downloaded',
    targetType: TARGET,
    targetId: id,
    details: { documentId },
    ip: ctx.ip,
    createdAt: ctx.clock.now(),
  });
  return {
    stream: file.stream as ReadStream,
    sizeBytes: file.sizeBytes,
    contentType: document.contentType,
    fileName: document.originalName,
  };
}

export async function saveApplicationNotes(
  ctx: AdminContext,
  id: string,
  adminNotes: string,
): Promise<ApplicationDetails> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const updated = await updateApplicationNotes(tx, id, adminNotes || null);
    if (!updated) throw notFound();
    await insertAdminAudit(tx, {
      actorId: ctx.user.id,
      action: 'application_notes_updated',
      targetType: TARGET,
      targetId: id,
      details: {},
      ip: ctx.ip,
      createdAt: now,
    });
  });
  return getApplication(ctx, id);
}
