import { z } from 'zod';

/** Every background job of the app, by its queue's name (the admin page labels them in Turkish). */
export const jobNames = [
  'mail-delivery',
  'password-reset',
  'reservation-expiry',
  'approval-deadline',
  'ship-deadline',
  'release-reminder',
  'automatic-release',
  'dispute-escalation',
  'provider-jobs',
  'payouts',
  'miat-notice',
  'payment-reconciliation',
  'invoice-reminder',
] as const;
export type JobName = (typeof jobNames)[number];

export const jobParamsSchema = z.object({ name: z.enum(jobNames) });
export const jobRetryParamsSchema = z.object({ name: z.enum(jobNames), id: z.uuid() });

export const jobQueueSummarySchema = z.object({
  name: z.enum(jobNames),
  waiting: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  lastCompletedAt: z.iso.datetime().nullable(),
  lastError: z
    .object({
      jobId: z.string(),
      state: z.enum(['failed', 'retry']),
      message: z.string(),
      at: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type JobQueueSummaryView = z.infer<typeof jobQueueSummarySchema>;

export const jobsOverviewSchema = z.object({
  /** Whether this server runs background jobs (it does unless started without them, as in some tests). */
  running: z.boolean(),
  queues: z.array(jobQueueSummarySchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobActionResultSchema = z.object({ message: z.string() });
