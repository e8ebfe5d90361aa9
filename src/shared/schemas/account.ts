import { profileMessages, settingsMessages } from '../messages/account.tr.ts';
import { phoneSchema } from './common.ts';
import { strongPasswordSchema } from './auth.ts';
import { z } from './zod-tr.ts';

const p = profileMessages;
const s = settingsMessages;

export const updateProfileBodySchema = z.object({
  fullName: z.string({ error: p.fullNameMin }).trim().min(2, p.fullNameMin).max(100, p.fullNameMax),
  /** Optional: an empty field clears it. */
  phone: z
    .union([z.literal(''), phoneSchema({ invalid: p.phoneInvalid, short: p.phoneShort, long: p.phoneLong })])
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string({ error: s.currentRequired }).min(1, s.currentRequired).max(256),
    newPassword: strongPasswordSchema,
    confirmPassword: z.string({ error: s.confirmRequired }).min(1, s.confirmRequired),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    message: s.mismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** The six store and notification toggles, with the spec's defaults. */
export const userSettingsSchema = z.object({
  autoOrderApproval: z.boolean(),
  stockAlerts: z.boolean(),
  priceChangeNotifications: z.boolean(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  marketingEmails: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const defaultUserSettings: UserSettings = {
  autoOrderApproval: false,
  stockAlerts: true,
  priceChangeNotifications: true,
  emailNotifications: true,
  smsNotifications: false,
  marketingEmails: false,
};

export const storeSettingKeys = ['autoOrderApproval', 'stockAlerts', 'priceChangeNotifications'] as const;
export const notificationSettingKeys = ['emailNotifications', 'smsNotifications', 'marketingEmails'] as const;

export const activeSessionSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** Last time the session was refreshed by use (to within an hour). */
  lastActiveAt: z.iso.datetime(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export const activeSessionsSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const securityEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  createdAt: z.iso.datetime(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const securityEventsSchema = z.object({ events: z.array(securityEventSchema) });
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const forceResetUserBodySchema = z.object({
  reason: z
    .string({ error: 'Gerekçe gereklidir' })
    .trim()
    .min(3, 'Gerekçe en az 3 karakter olmalıdır')
    .max(500, 'Gerekçe en fazla 500 karakter olabilir'),
});
export type ForceResetUserBody = z.input<typeof forceResetUserBodySchema>;
