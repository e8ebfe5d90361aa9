import { parse } from 'csv-parse/sync';
import { categories, findCategory } from '#shared/categories.ts';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import { CATALOGUE_IMPORT_MAX_ROWS, type CatalogueProductValues } from '#shared/schemas/catalogue.ts';
import { AppError } from '../../lib/app-error.ts';
import { foldTurkish } from '../../lib/turkish-search.ts';

const v = catalogueMessages.validation;

type Field = keyof CatalogueProductValues;

/** A header as compared: folded, letters and digits only ("Ürün Adı" → "urunadi", "modelCode" → "modelcode"). */
function headerKey(value: string): string {
  return foldTurkish(value).replace(/[^a-z0-9]/g, '');
}

/** Accepted headers per field: the Turkish names of the import hint, the API's English names and a few common variants. */
const headerAliases: Record<Field, string[]> = {
  brand: ['marka', 'brand'],
  modelCode: ['model_kodu', 'model', 'modelCode', 'model_code'],
  name: ['urun_adi', 'ad', 'name', 'product_name'],
  barcode: ['barkod', 'barcode', 'ean', 'gtin'],
  category: ['kategori', 'category'],
  subcategory: ['alt_kategori', 'subcategory', 'sub_category'],
  colourCode: ['renk_kodu', 'renk', 'colourCode', 'colorCode', 'colour_code', 'color_code'],
  eyeSizeMm: ['ekartman', 'eyeSizeMm', 'eye_size', 'eye_size_mm'],
  bridgeMm: ['kopru', 'bridgeMm', 'bridge', 'bridge_mm'],
  templeMm: ['sap', 'templeMm', 'temple', 'temple_mm'],
  baseCurveMm: ['baz_egrisi', 'baseCurveMm', 'base_curve', 'base_curve_mm', 'bc'],
  diameterMm: ['cap', 'diameterMm', 'diameter', 'diameter_mm', 'dia'],
};
const fieldByHeader = new Map(
  Object.entries(headerAliases).flatMap(([field, aliases]) =>
    aliases.map((alias) => [headerKey(alias), field as Field]),
  ),
);
/** Columns a file must have, named as the import hint names them. */
const requiredColumns: [Field, string][] = [
  ['brand', 'marka'],
  ['modelCode', 'model_kodu'],
  ['name', 'urun_adi'],
  ['category', 'kategori'],
];

/** A category given by id or by its Turkish name ("Güneş Gözlüğü" → gunes-gozlugu); unknown text is kept for the schema to refuse. */
function categoryId(value: string): string {
  const key = headerKey(value);
  return categories.find((c) => headerKey(c.id) === key || headerKey(c.label) === key)?.id ?? value;
}

function subcategoryId(category: string, value: string): string {
  const key = headerKey(value);
  return (
    findCategory(category)?.subcategories.find((s) => headerKey(s.id) === key || headerKey(s.label) === key)?.id ??
    value
  );
}

/**
 * UTF-16 when the file starts with its byte-order mark (Excel's "Unicode text"), else UTF-8; a
 * file that is not valid UTF-8 is read as Windows-1254, what Turkish Excel saves. The decoder
 * drops a BOM.
 */
function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1254').decode(bytes);
  }
}

const delimiters = [';', ',', '\t'] as const;

/** The separator the header line uses most: ';' (Turkish Excel), ',' or a tab (Excel's "Unicode text"); ';' on a tie. */
function detectDelimiter(text: string): (typeof delimiters)[number] {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (ch: string) => header.split(ch).length - 1;
  return delimiters.reduce((best, ch) => (count(ch) > count(best) ? ch : best));
}

/** A record as the parser returns it with `info`: the cells, and counts that give the spreadsheet row. */
interface ParsedRecord {
  record: string[];
  info: { records: number; empty_lines: number };
}

export interface ImportRow {
  /** As a spreadsheet numbers it: the header is row 1, blank lines count. */
  row: number;
  values: Partial<Record<Field, string>>;
}

/**
 * Reads a catalogue CSV into rows of raw field values. Problems with the file as a whole (empty,
 * unreadable, required columns missing, too many rows) are thrown; rows are checked later.
 */
export function readCatalogueCsv(bytes: Buffer): ImportRow[] {
  const text = decode(bytes);
  let records: ParsedRecord[];
  try {
    const options = {
      bom: true,
      delimiter: detectDelimiter(text),
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    };
    // With `info` the parser returns { record, info } pairs, which its types do not model.
    records = parse(text, options) as unknown as ParsedRecord[];
  } catch {
    throw new AppError('VALIDATION_FAILED', v.csvUnreadable, { file: v.csvUnreadable });
  }
  const [header, ...data] = records;
  if (!header || header.record.every((cell) => cell === ''))
    throw new AppError('VALIDATION_FAILED', v.csvEmpty, { file: v.csvEmpty });

  const columns = header.record.map((cell) => fieldByHeader.get(headerKey(cell)) ?? null);
  const missing = requiredColumns.filter(([field]) => !columns.includes(field)).map(([, name]) => name);
  if (missing.length) {
    const message = v.csvMissingColumns(missing.join(', '));
    throw new AppError('VALIDATION_FAILED', message, { file: message });
  }

  // A spreadsheet's blank row often comes out as ";;;;": counted for the numbering, not imported.
  const rows = data.filter(({ record }) => record.some((cell) => cell !== ''));
  if (rows.length > CATALOGUE_IMPORT_MAX_ROWS) {
    const message = v.csvTooManyRows(CATALOGUE_IMPORT_MAX_ROWS);
    throw new AppError('VALIDATION_FAILED', message, { file: message });
  }
  return rows.map(({ record, info }) => {
    const values: Partial<Record<Field, string>> = {};
    columns.forEach((field, index) => {
      if (field && values[field] === undefined) values[field] = record[index] ?? '';
    });
    if (values.category) values.category = categoryId(values.category);
    if (values.category && values.subcategory) values.subcategory = subcategoryId(values.category, values.subcategory);
    return { row: info.records + info.empty_lines, values };
  });
}
