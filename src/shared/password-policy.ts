import { messages } from './messages.tr.ts';

/** The special characters the strong rule set accepts (spec part 1 §5). */
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const specialPattern = /[!@#$%^&*(),.?":{}|<>]/;

const rules: { test: (pw: string) => boolean; message: string }[] = [
  { test: (pw) => pw.length >= PASSWORD_MIN, message: messages.password.min },
  { test: (pw) => /\p{Lu}/u.test(pw), message: messages.password.upper },
  { test: (pw) => /\p{Ll}/u.test(pw), message: messages.password.lower },
  { test: (pw) => /\d/.test(pw), message: messages.password.digit },
  { test: (pw) => specialPattern.test(pw), message: messages.password.special },
];

/** Every strong-password rule the text fails, in the spec's order; empty when it passes. */
export function unmetPasswordRules(password: string): string[] {
  const unmet = rules.filter((rule) => !rule.test(password)).map((rule) => rule.message);
  if (password.length > PASSWORD_MAX) unmet.push(messages.password.max);
  return unmet;
}
