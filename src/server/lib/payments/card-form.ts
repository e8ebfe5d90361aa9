import { paymentPageMessages } from '#shared/messages/payment-pages.tr.ts';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { formatKurus, type Kurus } from '#shared/money.ts';
import { escapeHtml } from '../html.ts';

/**
 * The card form shared by the sandbox bank's "Test Ödeme Sayfası" and our iyzico card page:
 * validation (zod) and server-rendered HTML. The pages run under the app's CSP, which allows no
 * inline script but does allow inline style, so they work without JavaScript.
 *
 * The card number and CVC are never written back into a page, a log line or the database.
 */

const m = paymentPageMessages;

export type CardField = 'cardHolder' | 'cardNumber' | 'expiry' | 'cvc';

/** A validated card, held in memory for the length of one request only. */
export interface Card {
  holder: string;
  number: string;
  expireMonth: string;
  /** Four digits. */
  expireYear: string;
  cvc: string;
}

export type CardFormResult =
  | { ok: true; card: Card }
  | { ok: false; errors: Partial<Record<CardField, string>>; values: { cardHolder: string; expiry: string } };

/** The Luhn checksum every card number carries in its last digit. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card scheme by its number's prefix; null when we do not recognise it. */
export function cardBrandOf(digits: string): string | null {
  if (/^4/.test(digits)) return 'Visa';
  if (/^3[47]/.test(digits)) return 'Amex';
  if (/^9792/.test(digits) || /^65/.test(digits)) return 'Troy';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  // Maestro debit cards (iyzico's 5890 04… test card among them) run on the Mastercard network.
  if (/^(5[06-9]|6[0-9])/.test(digits)) return 'Mastercard';
  return null;
}

// Turkey keeps UTC+3 all year: a card is valid to the end of its expiry month in Turkish time.
const TURKEY_OFFSET_MS = 3 * 60 * 60 * 1000;

const field = (max: number) =>
  z
    .unknown()
    .transform((v) => (typeof v === 'string' ? v : ''))
    .pipe(z.string().max(max));

/** The card form's schema; `now` comes from the request context's clock (expiry check). */
export function createCardFormSchema(now: Date) {
  const turkeyNow = new Date(now.getTime() + TURKEY_OFFSET_MS);
  const currentMonth = turkeyNow.getUTCFullYear() * 12 + turkeyNow.getUTCMonth();
  return z.object({
    cardHolder: field(200)
      .transform((v) => v.trim().replace(/\s+/g, ' '))
      .pipe(z.string().min(1, m.cardHolderRequired).max(100, m.cardHolderRequired)),
    cardNumber: field(40)
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d{12,19}$/, m.cardNumberInvalid)
          .refine(isLuhnValid, m.cardNumberInvalid),
      ),
    // "12/30", "1/30" and "1230" (a phone's number pad has no slash) all read as 12/30.
    expiry: field(20)
      .transform((v) => {
        const match = /^(\d{1,2})\/?(\d{2})$/.exec(v.replace(/\s/g, ''));
        return match ? `${match[1]!.padStart(2, '0')}/${match[2]}` : v;
      })
      .pipe(z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, m.expiryInvalid))
      .refine((v) => {
        const [month, year] = v.split('/').map(Number) as [number, number];
        return (2000 + year) * 12 + (month - 1) >= currentMonth;
      }, m.expired),
    cvc: field(10)
      .transform((v) => v.trim())
      .pipe(z.string().regex(/^\d{3,4}$/, m.cvcInvalid)),
  });
}

export function parseCardForm(body: unknown, now: Date): CardFormResult {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const result = createCardFormSchema(now).safeParse(raw);
  if (result.success) {
    const [month, year] = result.data.expiry.split('/') as [string, string];
    return {
      ok: true,
      card: {
        holder: result.data.cardHolder,
        number: result.data.cardNumber,
        expireMonth: month,
        expireYear: `20${year}`,
        cvc: result.data.cvc,
      },
    };
  }
  const errors: Partial<Record<CardField, string>> = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as CardField;
    errors[name] ??= issue.message;
  }
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 100) : '');
  // Only the name and expiry go back into the form: never the card number or the CVC.
  return { ok: false, errors, values: { cardHolder: text(raw.cardHolder), expiry: text(raw.expiry) } };
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.5}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.375rem;margin:0 0 .5rem}
.notice{background:#fef9c3;border:1px solid #fde047;border-radius:.5rem;padding:.5rem .75rem;font-size:.875rem;margin:0 0 1rem}
.amount{font-size:1.125rem;margin:0 0 1rem}
.amount strong{font-size:1.375rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font-size:1rem;padding:.625rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;background:#fff;color:inherit}
input:focus{outline:3px solid #93c5fd;outline-offset:1px;border-color:#2563eb}
input[aria-invalid=true]{border-color:#b91c1c}
.row{display:flex;gap:.75rem}.row>div{flex:1}
.error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}
.alert{color:#7f1d1d;background:#fee2e2;border:1px solid #fca5a5;border-radius:.5rem;padding:.5rem .75rem;margin:0 0 1rem}
button{display:block;width:100%;font-size:1rem;font-weight:600;padding:.75rem;border-radius:.5rem;border:1px solid transparent;cursor:pointer;margin-top:1.25rem}
.primary{background:#1d4ed8;color:#fff}.primary:hover{background:#1e40af}
.secondary{background:#fff;color:#334155;border-color:#94a3b8;margin-top:.75rem}
button:focus{outline:3px solid #93c5fd;outline-offset:2px}
`;

/** A whole page: Turkish, mobile friendly, never cached (it may carry a payment's state). */
export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="tr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main><div class="card">
${body}
</div></main>
</body>
</html>`;
}

function renderInput(options: {
  name: string;
  label: string;
  value?: string;
  error?: string;
  autocomplete: string;
  inputmode?: string;
  placeholder?: string;
  maxlength: number;
}): string {
  const errorId = `${options.name}-error`;
  const attrs = [
    `id="${options.name}"`,
    `name="${options.name}"`,
    `autocomplete="${options.autocomplete}"`,
    `maxlength="${options.maxlength}"`,
    'required',
    options.inputmode ? `inputmode="${options.inputmode}"` : '',
    options.placeholder ? `placeholder="${escapeHtml(options.placeholder)}"` : '',
    options.value ? `value="${escapeHtml(options.value)}"` : '',
    options.error ? `aria-invalid="true" aria-describedby="${errorId}"` : '',
  ].filter(Boolean);
  return `<div><label for="${options.name}">${escapeHtml(options.label)}</label>
<input ${attrs.join(' ')}>${options.error ? `\n<p class="error" id="${errorId}">${escapeHtml(options.error)}</p>` : ''}</div>`;
}

/** Hidden fields posted to an address (the bank's "Vazgeç", the result's "Devam"). */
export function renderPostForm(action: string, fields: Record<string, string>, label: string, className: string) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return `<form method="post" action="${escapeHtml(action)}">
${inputs}
<button type="submit" class="${className}">${escapeHtml(label)}</button>
</form>`;
}

export interface CardPageOptions {
  title: string;
  notice: string;
  amountKurus: Kurus;
  /** Where the form posts (the page's own address). */
  action: string;
  values?: { cardHolder: string; expiry: string };
  errors?: Partial<Record<CardField, string>>;
  /** A message above the form (a decline at the provider, an unreachable provider). */
  alert?: string;
  /** The "Vazgeç" button: a form posted to this address with these fields. */
  cancel?: { action: string; fields: Record<string, string> };
}

export function renderCardPage(options: CardPageOptions): string {
  const errors = options.errors ?? {};
  const values = options.values ?? { cardHolder: '', expiry: '' };
  const body = `<h1>${escapeHtml(options.title)}</h1>
<p class="notice">${escapeHtml(options.notice)}</p>
<p class="amount">${escapeHtml(m.amount)}: <strong>${escapeHtml(formatKurus(options.amountKurus))}</strong></p>
${options.alert ? `<p class="alert" role="alert">${escapeHtml(options.alert)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${renderInput({ name: 'cardHolder', label: m.cardHolder, value: values.cardHolder, error: errors.cardHolder, autocomplete: 'cc-name', maxlength: 100 })}
${renderInput({ name: 'cardNumber', label: m.cardNumber, error: errors.cardNumber, autocomplete: 'cc-number', inputmode: 'numeric', maxlength: 23 })}
<div class="row">
${renderInput({ name: 'expiry', label: m.expiry, value: values.expiry, error: errors.expiry, autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: m.expiryPlaceholder, maxlength: 5 })}
${renderInput({ name: 'cvc', label: m.cvc, error: errors.cvc, autocomplete: 'cc-csc', inputmode: 'numeric', maxlength: 4 })}
</div>
<button type="submit" class="primary">${escapeHtml(m.pay)}</button>
</form>
${options.cancel ? renderPostForm(options.cancel.action, options.cancel.fields, m.cancel, 'secondary') : ''}`;
  return renderPage(options.title, body);
}

/** A plain message page (unknown or expired payment page). */
export function renderMessagePage(title: string, message: string): string {
  return renderPage(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

/**
 * The bank's last page posts its one form by itself, as a real bank's does; the button stays for
 * browsers without script. The app's CSP allows no inline script, so this page carries its own
 * policy allowing only this exact script (by hash) and posts to where the form goes.
 */
const AUTO_SUBMIT_SCRIPT = 'document.forms[0].submit();';
const AUTO_SUBMIT_HASH = `'sha256-${createHash('sha256').update(AUTO_SUBMIT_SCRIPT, 'utf8').digest('base64')}'`;

export function renderAutoSubmitPage(title: string, body: string, action: string) {
  const html = renderPage(title, `${body}\n<script>${AUTO_SUBMIT_SCRIPT}</script>`);
  const csp = [
    "default-src 'none'",
    `script-src ${AUTO_SUBMIT_HASH}`,
    "style-src 'unsafe-inline'",
    `form-action 'self' ${new URL(action).origin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, headers: { ...cardPageHeaders, 'content-security-policy': csp } };
}

/** Security and caching headers of every card page: no caching, no referrer. */
export const cardPageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // The app's default 'no-referrer' makes browsers send `Origin: null` with a form post, which our
  // CSRF check refuses; 'same-origin' keeps the origin on our own posts and still leaks no address
  // (with its token) to another site.
  'referrer-policy': 'same-origin',
} as const;
