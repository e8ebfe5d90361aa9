import { profileMessages } from '../messages/account.tr.ts';
import { authMessages, passwordMessages } from '../messages/auth.tr.ts';
import { unmetPasswordRules } from '../password-policy.ts';
import { roles } from '../roles.ts';
import { emailSchema } from './common.ts';
import { z } from './zod-tr.ts';

const a = authMessages;
const p = profileMessages;

/** A password under the strong rule set: one issue listing every unmet rule, joined. */
export const strongPasswordSchema = z.string({ error: passwordMessages.min }).superRefine((value, ctx) => {
  const unmet = unmetPasswordRules(value);
  if (unmet.length) ctx.addIssue({ code: 'custom', message: unmet.join(', ') });
});

export const accountEmailSchema = emailSchema({ invalid: p.emailInvalid, short: p.emailShort, long: p.emailLong });

/** Sign-in only needs both fields filled (spec part 1 §5). */
export const signInBodySchema = z.object({
  email: z
    .string({ error: a.emailRequired })
    .trim()
    .min(1, a.emailRequired)
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: a.passwordRequired }).min(1, a.passwordRequired).max(256),
});
export type SignInBody = z.input<typeof signInBodySchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  /** What other members see instead of the name, shown with "@". */
  publicHandle: z.string().nullable(),
  publicSlug: z.string().nullable(),
  /** Set by an admin (or on approval): the user must choose a new password before anything else. */
  mustResetPassword: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const forgotPasswordBodySchema = z.object({ email: accountEmailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const acceptedSchema = z.object({ message: z.string() });

const newPasswordPair = {
  newPassword: strongPasswordSchema,
  confirmPassword: z.string({ error: a.passwordsDoNotMatch }),
};
const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;

export const resetPasswordBodySchema = z
  .object({ token: z.string({ error: a.resetMissingToken }).min(1, a.resetMissingToken).max(512), ...newPasswordPair })
  .refine(passwordsMatch, { message: a.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const forcePasswordResetBodySchema = z
  .object(newPasswordPair)
  .refine(passwordsMatch, { message: a.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ForcePasswordResetBody = z.input<typeof forcePasswordResetBodySchema>;
