import { errorCodes } from '../errors.ts';
import { parseLira, parseWholeNumber } from '../money.ts';
import { z } from './zod-tr.ts';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes as [string, ...string[]]),
    message: z.string(),
    /** Field name → Turkish message, for validation errors. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Geçersiz kayıt numarası' }) });

/** E-mail addresses are compared and stored in plain lower case. */
export function emailSchema(m: { invalid: string; short: string; long: string }) {
  return (
    z
      .string({ error: m.invalid })
      .trim()
      // An empty field is "not a valid address", not "too short".
      .min(1, m.invalid)
      .min(5, m.short)
      .max(100, m.long)
      .pipe(z.email({ error: m.invalid }))
      .transform((value) => value.toLowerCase())
  );
}

/** Phone as typed: digits, plus, hyphen, spaces and parentheses; 10 to 20 characters. */
export function phoneSchema(m: { invalid: string; short: string; long: string }) {
  return z
    .string({ error: m.invalid })
    .trim()
    .min(10, m.short)
    .max(20, m.long)
    .regex(/^[0-9+\-\s()]+$/, m.invalid);
}

/** A 1-based page number from a query string; anything odd falls back to the first page. */
export const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1).default(1);

/** A field's text read by one of the typed-amount rules, kept within [min, max]; else the field's message. */
function typedAmount(parse: (text: string) => number | null) {
  return (message: string, min: number, max: number) =>
    z.string({ error: message }).transform((text, ctx) => {
      const value = parse(text);
      if (value !== null && value >= min && value <= max) return value;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

/** Lira as a person types it ("1.350,75", "₺ 249,90": parseLira's rule) → kuruş. */
export const typedLira = typedAmount(parseLira);

/** A whole number as a person types it ("12", "1.350": parseWholeNumber's rule). */
export const typedWholeNumber = typedAmount(parseWholeNumber);

/** A file picked in a form (the browser's File, seen here only as its name and size); `required` when none is. */
export function pickedFileSchema(required: string) {
  return z.custom<{ readonly name: string; readonly size: number }>(
    (value) => typeof value === 'object' && value !== null && 'size' in value && 'name' in value,
    { error: required },
  );
}
