import { formatDate } from '#shared/dates.ts';
import type { Kurus } from '#shared/money.ts';

/** The byte order mark that makes Excel read a CSV file as UTF-8 (Turkish letters intact). */
export const UTF8_BOM = '\uFEFF';

/** Only digits, plus, minus, spaces and parentheses: a phone number, never a formula. */
const harmlessSigned = /^[+-][0-9+\-\s()]*$/;
/** A negative amount as formatCsvLira writes it ("-100,01"): a number, never a formula. */
const negativeLira = /^-\d+,\d{2}$/;

/**
 * One CSV cell (RFC 4180): quoted when it holds the separator, a quote, a line break or edge
 * spaces; quotes doubled. A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first)
 * gets a leading apostrophe (OWASP CSV injection), except plain phone numbers such as "+90 532 ..."
 * and negative lira amounts ("-100,01", which a spreadsheet must read as a number).
 */
export function csvCell(value: string | number | boolean | null | undefined, separator = ';'): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !harmlessSigned.test(text) && !negativeLira.test(text)) text = `'${text}`;
  const needsQuotes = text.includes(separator) || /["\r\n]/.test(text) || text !== text.trim();
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document with the BOM, CRLF line endings and a header row. */
export function toCsv(
  header: string[],
  rows: (string | number | boolean | null | undefined)[][],
  separator = ';',
): string {
  const lines = [header, ...rows].map((row) => row.map((cell) => csvCell(cell, separator)).join(separator));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/** dd.MM.yyyy in Turkish time; empty for no date. */
export function formatCsvDate(value: string | Date | null): string {
  return value ? formatDate(value) : '';
}

/** Lira with a decimal comma and no grouping ("1234,50"), so spreadsheets in Turkish read it as a number. */
export function formatCsvLira(kurus: Kurus): string {
  const sign = kurus < 0 ? '-' : '';
  const abs = Math.abs(kurus);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
