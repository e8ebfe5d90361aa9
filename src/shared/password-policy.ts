import { passwordMessages } from './messages/auth.tr.ts';

/** The special characters the strong rule set accepts (spec part 1 §5). */
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const specialPattern = /[!@#$%^&*(),.?":{}|<>]/;

const rules: { test: (pw: string) => boolean; message: string }[] = [
  { test: (pw) => pw.length >= PASSWORD_MIN, message: passwordMessages.min },
  { test: (pw) => /\p{Lu}/u.test(pw), message: passwordMessages.upper },
  { test: (pw) => /\p{Ll}/u.test(pw), message: passwordMessages.lower },
  { test: (pw) => /\d/.test(pw), message: passwordMessages.digit },
  { test: (pw) => specialPattern.test(pw), message: passwordMessages.special },
];

/** Every strong-password rule the text fails, in the spec's order; empty when it passes. */
export function unmetPasswordRules(password: string): string[] {
  const unmet = rules.filter((rule) => !rule.test(password)).map((rule) => rule.message);
  if (password.length > PASSWORD_MAX) unmet.push(passwordMessages.max);
  return unmet;
}
