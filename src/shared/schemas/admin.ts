import { adminMessages } from '../messages/admin.tr.ts';
import { roles } from '../roles.ts';
import { sessionUserSchema } from './auth.ts';
import { pageSchema, pickedFileSchema } from './common.ts';
import { z } from './zod-tr.ts';

export {
  updateProfileBodySchema as updateAdminUserBodySchema,
  type UpdateProfileBody as UpdateAdminUserBody,
} from './account.ts';

const a = adminMessages;

/** Rows per page of the admin lists. */
export const ADMIN_PAGE_SIZE = 20;
/** The most users one bulk delete may name. */
export const BULK_DELETE_MAX = 200;
/** How many items the audit lists show (spec part 1 §9). */
export const AUDIT_LIST_LIMIT = 10;

const searchSchema = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

/** A user id as better-auth and the seed make them (not always a UUID). */
export const userIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

// ---------------------------------------------------------------------------------------------
// Overview

export const adminStatsSchema = z.object({
  pendingApplications: z.number().int(),
  /** Members who are not admins and not disabled. */
  activeUsers: z.number().int(),
  totalUsers: z.number().int(),
  /** Applications submitted in the last 7 days. */
  recentApplications: z.number().int(),
  /** Disputes escalated to the admins and not yet decided (the İtirazlar badge). */
  waitingDisputes: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const roleChangeSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  changedById: z.string().nullable(),
  changedByName: z.string().nullable(),
  oldRole: z.string(),
  newRole: z.string(),
  reason: z.string(),
  changedAt: z.iso.datetime(),
});
export const roleChangesSchema = z.object({ changes: z.array(roleChangeSchema) });
export type RoleChange = z.infer<typeof roleChangeSchema>;

// ---------------------------------------------------------------------------------------------
// Users

export const adminUserListQuerySchema = z.object({
  /** Searched in name, e-mail and public handle, with Turkish letters folded (ş = s, İ = i ...). */
  q: searchSchema,
  role: z.enum(roles).optional().catch(undefined),
  page: pageSchema,
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

/** What admins see of a user: the session user's fields plus store number, ban and update time. */
export const adminUserSchema = sessionUserSchema.extend({
  /** 'OPT#' + the first 5 characters of the id. */
  storeNumber: z.string(),
  banned: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserDetailSchema = adminUserSchema.extend({
  activeSessions: z.number().int(),
  listingCount: z.number().int(),
  lastSignInAt: z.iso.datetime().nullable(),
  /** The store's iyzico sub-merchant key: where its sales are paid out (null until an admin fills it). */
  iyzicoSubMerchantKey: z.string().nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const bulkDeleteBodySchema = z.object({
  ids: z
    .array(z.string().min(1).max(64), { error: a.users.idsRequired })
    .min(1, a.users.idsRequired)
    .max(BULK_DELETE_MAX, a.users.tooMany),
});
export type BulkDeleteBody = z.input<typeof bulkDeleteBodySchema>;

export const bulkDeleteSkipReasons = ['self', 'has_orders', 'not_found'] as const;
export const bulkDeleteResultSchema = z.object({
  deleted: z.number().int(),
  deletedIds: z.array(z.string()),
  skipped: z.array(z.object({ id: z.string(), reason: z.enum(bulkDeleteSkipReasons) })),
  /** The Turkish summary: "3 kullanıcı silindi." */
  message: z.string(),
  /** Why some were left, in Turkish (your own account, users with orders ...). */
  notes: z.array(z.string()),
});
export type BulkDeleteResult = z.infer<typeof bulkDeleteResultSchema>;

const reasonSchema = z
  .string({ error: a.roleChange.reasonRequired })
  .trim()
  .min(1, { error: a.roleChange.reasonRequired, abort: true })
  .min(3, a.roleChange.reasonMin)
  .max(500, a.roleChange.reasonMax);

export const changeRoleBodySchema = z.object({
  newRole: z.enum(roles, { error: a.roleChange.roleRequired }),
  reason: reasonSchema,
});
export type ChangeRoleBody = z.input<typeof changeRoleBodySchema>;

export const changeRoleResultSchema = z.object({
  user: adminUserSchema,
  oldRole: z.enum(roles),
  newRole: z.enum(roles),
});
export type ChangeRoleResult = z.infer<typeof changeRoleResultSchema>;

export const forceResetResultSchema = z.object({ userId: z.string(), emailQueued: z.boolean() });

/** One user as a downloadable JSON document (GET /api/admin/users/:id/export.json). */
export const userExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  user: adminUserDetailSchema,
  settings: z.record(z.string(), z.boolean()).nullable(),
  roleChanges: z.array(roleChangeSchema),
  securityEvents: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      createdAt: z.iso.datetime(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});
export type UserExport = z.infer<typeof userExportSchema>;

// ---------------------------------------------------------------------------------------------
// Security log: admin actions and security events together

export const securityLogSources = ['admin', 'security'] as const;

export const securityLogQuerySchema = z.object({
  q: searchSchema,
  /** '' = everything; 'admin' or 'security' = one source; otherwise one action or event type. */
  type: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z_]*$/)
    .optional()
    .catch(undefined)
    .transform((v) => (v ? v : undefined)),
  page: pageSchema,
});
export type SecurityLogQuery = z.input<typeof securityLogQuerySchema>;

export const securityLogEntrySchema = z.object({
  id: z.string(),
  source: z.enum(securityLogSources),
  type: z.string(),
  createdAt: z.iso.datetime(),
  /** Who did it: the admin for actions, the user for security events. */
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type SecurityLogEntry = z.infer<typeof securityLogEntrySchema>;

export const securityLogSchema = z.object({
  entries: z.array(securityLogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type SecurityLog = z.infer<typeof securityLogSchema>;

// ---------------------------------------------------------------------------------------------
// E-mail outbox and system status

export const outboxStatuses = ['pending', 'sending', 'sent', 'failed'] as const;

export const outboxEmailSchema = z.object({
  id: z.string(),
  template: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  transport: z.string().nullable(),
  messageId: z.string().nullable(),
  attachmentCount: z.number().int(),
  attachmentNames: z.array(z.string()),
  fallbackUsed: z.boolean(),
  relatedTo: z.string().nullable(),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;
export const outboxListSchema = z.object({ emails: z.array(outboxEmailSchema) });

export const outboxIdParamsSchema = z.object({ id: z.uuid({ error: 'Geçersiz kayıt numarası' }) });
export const retryAllResultSchema = z.object({ retried: z.number().int(), message: z.string() });

export const systemStatusSchema = z.object({
  checkedAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    /** Round trip of `select 1`, in milliseconds. */
    latencyMs: z.number().nullable(),
  }),
  migrations: z.object({ applied: z.number().int(), known: z.number().int(), latest: z.string().nullable() }),
  outbox: z.object({
    pending: z.number().int(),
    sending: z.number().int(),
    failed: z.number().int(),
    sent: z.number().int(),
    /** Age of the oldest pending e-mail, in seconds; null when the queue is empty. */
    oldestPendingSeconds: z.number().int().nullable(),
    /** 'smtp' when SMTP_URL is set, else 'dev-mailbox' (the outbox row is the mail). */
    transport: z.enum(['smtp', 'dev-mailbox']),
    workerRunning: z.boolean(),
  }),
  failedEmails: z.array(outboxEmailSchema),
  uptimeSeconds: z.number().int(),
  version: z.string(),
  nodeVersion: z.string(),
  memoryRssBytes: z.number().int(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

// ---------------------------------------------------------------------------------------------
// Analytics, reports, notifications, database

export const weeklyCountSchema = z.object({
  /** Monday of the week (Turkish time), yyyy-MM-dd. */
  weekStart: z.string(),
  count: z.number().int(),
});

export const analyticsSchema = z.object({
  weeks: z.number().int(),
  members: z.array(weeklyCountSchema),
  applications: z.array(weeklyCountSchema),
  applicationsByStatus: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
  /** Trading per Turkish calendar day, the last 30 days: paid orders, their value, disputes opened and resolved. */
  trading: z.object({
    days: z.array(
      z.object({
        date: z.string().describe('yyyy-MM-dd'),
        orders: z.number().int(),
        gmvKurus: z.number().int(),
        disputesOpened: z.number().int(),
        disputesResolved: z.number().int(),
      }),
    ),
    /** Held in escrow now: the credit balance of the ledger account 'escrow'. */
    escrowHeldKurus: z.number().int(),
  }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const membersReportSchema = z.object({
  total: z.number().int(),
  byRole: z.array(z.object({ role: z.enum(roles), count: z.number().int() })),
  byMonth: z.array(z.object({ month: z.string().describe('yyyy-MM'), count: z.number().int() })),
});
export type MembersReport = z.infer<typeof membersReportSchema>;

export const contactMessageSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type ContactMessageSummary = z.infer<typeof contactMessageSummarySchema>;
export const contactMessagesSchema = z.object({
  messages: z.array(contactMessageSummarySchema),
  total: z.number().int(),
});

export const adminNotificationsSchema = z.object({
  pendingApplications: z.object({
    count: z.number().int(),
    latest: z.array(
      z.object({ id: z.string(), storeName: z.string(), city: z.string(), submittedAt: z.iso.datetime() }),
    ),
  }),
  failedEmails: z.object({ count: z.number().int(), latest: z.array(outboxEmailSchema) }),
  contactMessages: z.object({ lastWeek: z.number().int(), latest: z.array(contactMessageSummarySchema) }),
});
export type AdminNotifications = z.infer<typeof adminNotificationsSchema>;

export const databaseOverviewSchema = z.object({
  kind: z.enum(['pglite', 'postgres']),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int() })),
  /** Every migration the code ships, in order; `createdAt` is when it was written (drizzle's journal). */
  migrations: z.array(z.object({ tag: z.string(), applied: z.boolean(), createdAt: z.iso.datetime() })),
});
export type DatabaseOverview = z.infer<typeof databaseOverviewSchema>;

// ---------------------------------------------------------------------------------------------
// E-mail test page

const d = a.emailDebug;

export const emailTestBodySchema = z.object({
  email: z
    .string({ error: d.emailRequired })
    .trim()
    .min(1, d.emailRequired)
    .max(100, a.settings.emailLong)
    .pipe(z.email({ error: a.settings.emailInvalid }))
    .transform((v) => v.toLowerCase()),
});
export type EmailTestBody = z.input<typeof emailTestBodySchema>;

/** The attachment test's largest file. */
export const EMAIL_TEST_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** The attachment test form: the address and one file of at most 5 MB (sent as multipart; the server streams the file). */
export const emailAttachmentTestFormSchema = emailTestBodySchema.extend({
  file: pickedFileSchema(d.fileRequired).refine((file) => file.size <= EMAIL_TEST_ATTACHMENT_MAX_BYTES, d.fileTooLarge),
});
export type EmailAttachmentTestFormInput = z.input<typeof emailAttachmentTestFormSchema>;
export type EmailAttachmentTestForm = z.output<typeof emailAttachmentTestFormSchema>;

/** One test on the e-mail test page: an outbox row caused by it, with its delivery outcome. */
export const emailTestResultSchema = z.object({
  id: z.string(),
  kind: z.enum(['plain', 'attachment']),
  toAddress: z.string(),
  subject: z.string(),
  /** success = delivered; failure = given up or retrying after an error; pending = not tried yet. */
  outcome: z.enum(['success', 'failure', 'pending']),
  status: z.enum(outboxStatuses),
  message: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  transport: z.string().nullable(),
  messageId: z.string().nullable(),
  attachmentIncluded: z.boolean(),
  attachmentNames: z.array(z.string()),
  fallbackUsed: z.boolean(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type EmailTestResult = z.infer<typeof emailTestResultSchema>;
export const emailTestResultsSchema = z.object({ results: z.array(emailTestResultSchema) });

/** PUT /api/admin/users/:id/payment-account: the store's payout identity at iyzico (empty clears it). */
export const paymentAccountBodySchema = z.object({
  iyzicoSubMerchantKey: z
    .string({ error: a.users.subMerchantKeyInvalid })
    .trim()
    .max(100, a.users.subMerchantKeyInvalid)
    .regex(/^[A-Za-z0-9+/=_-]*$/, a.users.subMerchantKeyInvalid)
    .transform((v) => v || null),
});
export type PaymentAccountBody = z.input<typeof paymentAccountBodySchema>;
