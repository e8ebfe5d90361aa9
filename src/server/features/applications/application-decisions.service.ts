import { applicationMessages } from '#shared/messages/applications.tr.ts';
import { type ApprovalResult, type RejectionResult } from '#shared/schemas/applications.ts';
import { applicationTransitions } from '#shared/status.ts';
import { paths } from '#shared/site-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AdminContext } from '../../lib/context.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { applicationApprovedEmail, applicationRejectedEmail } from '../../lib/mailer/templates.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { transition } from '../../lib/transition.ts';
import { createAccountWithPassword, findAccountByEmail } from '../auth/index.ts';
import { generateTemporaryPassword, newUserId } from '../users/index.ts';
import {
  applicationTarget,
  findTakenPublicNames,
  insertAdminAudit,
  lockPublicName,
  setApplicationCreatedUser,
} from './applications.repo.ts';
import { firstFreeName, publicHandleBase, publicSlugBase } from './public-names.ts';
import {
  alreadyDecided,
  ApplicationDeps,
  duplicateError,
  notFound,
  requireApplication,
  TARGET,
} from './applications.service.ts';

// An admin's decision on an application: approval (the store owner's account) or rejection.

/**
 * Approves a pending application in one transaction: the conditional status change (a second or
 * concurrent approval finds nothing pending and gets 409), the store owner's account with a
 * temporary password it must replace, the audit row and the approval e-mail.
 */
export async function approveApplication(
  ctx: AdminContext,
  deps: Pick<ApplicationDeps, 'appUrl'>,
  id: string,
  input: { adminNotes?: string },
): Promise<ApprovalResult> {
  const application = await requireApplication(ctx, id);
  if (application.status !== 'pending') throw alreadyDecided();
  if (await findAccountByEmail(ctx.db, application.email))
    throw new AppError('CONFLICT', applicationMessages.accountExists);

  const tempPassword = generateTemporaryPassword();
  // Hashing is slow on purpose: done before the transaction so no row lock waits on it.
  const passwordHash = await hashPassword(tempPassword);
  const userId = newUserId();
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const decided = await transition(tx, applicationTarget, {
        id,
        rule: applicationTransitions.approve,
        set: {
          reviewedAt: now,
          reviewedBy: ctx.user.id,
          ...(input.adminNotes !== undefined ? { adminNotes: input.adminNotes || null } : {}),
        },
        notFound,
        refused: alreadyDecided,
        record: (tx, row) =>
          insertAdminAudit(tx, {
            actorId: ctx.user.id,
            action: 'application_approved',
            targetType: TARGET,
            targetId: id,
            details: { createdUserId: userId, email: row.email, storeName: row.storeName },
            ip: ctx.ip,
            createdAt: now,
          }),
      });
      if (await findAccountByEmail(tx, decided.email))
        throw new AppError('CONFLICT', applicationMessages.accountExists);

      const handleBase = publicHandleBase(decided.storeName);
      const slugBase = publicSlugBase(decided.storeName);
      await lockPublicName(tx, handleBase);
      const taken = await findTakenPublicNames(tx, handleBase, slugBase);
      await createAccountWithPassword(
        tx,
        {
          id: userId,
          name: decided.authorizedPerson,
          email: decided.email,
          emailVerified: true,
          role: 'store_owner',
          phone: decided.phone,
          publicHandle: firstFreeName(handleBase, taken.handles, ''),
          publicSlug: firstFreeName(slugBase, taken.slugs, '-'),
          mustResetPassword: true,
          createdAt: now,
          updatedAt: now,
        },
        passwordHash,
      );
      await setApplicationCreatedUser(tx, id, userId);
      await enqueueEmail(
        tx,
        decided.email,
        applicationApprovedEmail({
          email: decided.email,
          storeName: decided.storeName,
          tempPassword,
          loginUrl: `${deps.appUrl}${paths.login}`,
        }),
        now,
        { relatedTo: `application:${id}` },
      );
    });
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
  return { applicationId: id, userId, email: application.email, tempPassword, emailQueued: true };
}

/** Rejects a pending application with the reason the applicant is e-mailed; audited, conditional like approval. */
export async function rejectApplication(ctx: AdminContext, id: string, reason: string): Promise<RejectionResult> {
  const application = await requireApplication(ctx, id);
  if (application.status !== 'pending') throw alreadyDecided();
  const now = ctx.clock.now();
  await transition(ctx.db, applicationTarget, {
    id,
    rule: applicationTransitions.reject,
    set: { rejectionReason: reason, reviewedAt: now, reviewedBy: ctx.user.id },
    notFound,
    refused: alreadyDecided,
    record: async (tx, decided) => {
      await insertAdminAudit(tx, {
        actorId: ctx.user.id,
        action: 'application_rejected',
        targetType: TARGET,
        targetId: id,
        details: { reason, email: decided.email, storeName: decided.storeName },
        ip: ctx.ip,
        createdAt: now,
      });
      await enqueueEmail(tx, decided.email, applicationRejectedEmail({ storeName: decided.storeName, reason }), now, {
        relatedTo: `application:${id}`,
      });
    },
  });
  return { applicationId: id, emailQueued: true };
}
