import { isValidGtin } from './barcode.ts';
import { utsMessages } from './messages/uts.tr.ts';

const m = utsMessages.gs1;

/** What a GS1 DataMatrix on a medical device's box tells ÜTS: product number, lot, expiry, serial. */
export interface Gs1Data {
  /** GTIN-14 (AI 01). */
  gtin: string;
  /** yyyy-MM-dd (AI 17). */
  expiry?: string;
  /** AI 10. */
  lot?: string;
  /** AI 21. */
  serial?: string;
}

export type Gs1Result = { ok: true; data: Gs1Data } | { ok: false; error: string };

const GS = '\x1d';
const FIXED_LENGTH: Record<string, number> = { '01': 14, '17': 6 };
const VARIABLE = new Set(['10', '21']);
const MAX_VARIABLE = 20;
/** GS1 "AI encodable character set 82": printable ASCII without space and a few symbols. */
const VARIABLE_CHARS = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;

/** A GTIN of 8, 12, 13 or 14 digits, left-padded to 14, so a box's GTIN-14 compares with a catalogue EAN-13. */
export function toGtin14(gtin: string): string {
  return gtin.padStart(14, '0');
}

/** AI 17 (YYMMDD) as yyyy-MM-dd; day 00 is the month's last day (GS1 General Specifications 3.4.6). */
export function parseGs1Date(yymmdd: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = 2000 + Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = lastDay;
  if (day > lastDay) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Splits the element string into (AI, value) pairs: the "(01)…(17)…" form or the GS-separated one. */
function splitElements(text: string): { ai: string; value: string }[] | { error: string } {
  if (text.startsWith('(')) {
    const pairs: { ai: string; value: string }[] = [];
    const pattern = /\((\d{2})\)([^(]*)/gy;
    let match: RegExpExecArray | null;
    let consumed = 0;
    while ((match = pattern.exec(text)) !== null) {
      pairs.push({ ai: match[1]!, value: match[2]!.replaceAll(GS, '') });
      consumed = pattern.lastIndex;
    }
    if (consumed !== text.length) return { error: m.unknownAi(text.slice(consumed + 1, consumed + 3)) };
    return pairs;
  }
  const pairs: { ai: string; value: string }[] = [];
  let rest = text;
  while (rest.length > 0) {
    if (rest.startsWith(GS)) {
      rest = rest.slice(1);
      continue;
    }
    const ai = rest.slice(0, 2);
    rest = rest.slice(2);
    const fixed = FIXED_LENGTH[ai];
    if (fixed !== undefined) {
      pairs.push({ ai, value: rest.slice(0, fixed) });
      rest = rest.slice(fixed);
    } else if (VARIABLE.has(ai)) {
      const end = rest.indexOf(GS);
      const value = end === -1 ? rest : rest.slice(0, end);
      if (value.length > MAX_VARIABLE) return { error: m.variableInvalid(ai) };
      pairs.push({ ai, value });
      rest = end === -1 ? '' : rest.slice(end + 1);
    } else {
      return { error: m.unknownAi(ai) };
    }
  }
  return pairs;
}

/**
 * Parses a GS1 element string as a scanner types it: GS (\x1d) separated or with the AIs in
 * parentheses, with or without a symbology prefix ("]d2"). Reads AIs 01, 17, 10 and 21.
 */
export function parseGs1(input: string): Gs1Result {
  let text = input.replace(/[\r\n]+$/, '').trim();
  if (/^\][A-Za-z]\d/.test(text)) text = text.slice(3);
  if (text.length === 0) return { ok: false, error: m.empty };
  const elements = splitElements(text);
  if ('error' in elements) return { ok: false, error: elements.error };
  const seen = new Map<string, string>();
  for (const { ai, value } of elements) {
    if (!(ai in FIXED_LENGTH) && !VARIABLE.has(ai)) return { ok: false, error: m.unknownAi(ai) };
    if (seen.has(ai)) return { ok: false, error: m.duplicateAi(ai) };
    seen.set(ai, value);
  }
  const gtin = seen.get('01');
  if (gtin === undefined) return { ok: false, error: m.gtinMissing };
  if (!/^\d{14}$/.test(gtin) || !isValidGtin(gtin)) return { ok: false, error: m.gtinInvalid };
  const data: Gs1Data = { gtin };
  const rawExpiry = seen.get('17');
  if (rawExpiry !== undefined) {
    const expiry = parseGs1Date(rawExpiry);
    if (!expiry) return { ok: false, error: m.expiryInvalid };
    data.expiry = expiry;
  }
  for (const [ai, key] of [
    ['10', 'lot'],
    ['21', 'serial'],
  ] as const) {
    const value = seen.get(ai);
    if (value === undefined) continue;
    if (!VARIABLE_CHARS.test(value)) return { ok: false, error: m.variableInvalid(ai) };
    data[key] = value;
  }
  return { ok: true, data };
}

/** The GS-separated element string of `data`, as a DataMatrix holds it (tests and demo data). */
export function formatGs1(data: { gtin: string; expiry?: string; lot?: string; serial?: string }): string {
  const parts = [`01${toGtin14(data.gtin)}`];
  if (data.expiry) parts.push(`17${data.expiry.slice(2, 4)}${data.expiry.slice(5, 7)}${data.expiry.slice(8, 10)}`);
  let text = parts.join('');
  if (data.lot) text += `10${data.lot}${data.serial ? GS : ''}`;
  if (data.serial) text += `21${data.serial}`;
  return text;
}
