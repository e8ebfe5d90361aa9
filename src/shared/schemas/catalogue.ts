import { isValidGtin } from '../barcode.ts';
import { categoryIds, frameCategoryIds, isContactLens, isSubcategoryOf, type CategoryId } from '../categories.ts';
import { catalogueMessages } from '../messages/catalogue.tr.ts';
import { pageSchema, pickedFileSchema } from './common.ts';
import { z } from './zod-tr.ts';

const v = catalogueMessages.validation;

export const catalogueStatuses = ['approved', 'pending', 'rejected'] as const;
export type CatalogueStatus = (typeof catalogueStatuses)[number];

/** Control characters (NUL among them, which PostgreSQL cannot store in text) and DEL: never part of a product's text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** The same, but line breaks and tabs are allowed (a free-text reason). */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function hasNo(characters: RegExp) {
  return (value: string) => !characters.test(value);
}

/** A required one-line text field. */
function requiredText(requiredMessage: string, max: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, v.tooLong(max))
    .refine(hasNo(CONTROL_CHARACTERS), v.invalidCharacters);
}

/** An optional one-line text field: blank means "not given" (null). */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, v.tooLong(max))
    .refine(hasNo(CONTROL_CHARACTERS), v.invalidCharacters)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A search text of a query string; control characters are refused (never typed, and NUL would break the query). */
function queryText(min: number, max: number) {
  return z.string().trim().min(min).max(max).refine(hasNo(CONTROL_CHARACTERS), v.invalidCharacters);
}

/** A measure in millimetres within a range (blank → null); "8,6" with the Turkish decimal comma reads as 8.6. */
function optionalMeasure(min: number, max: number, message: string, step: 'int' | 'tenth') {
  const number = z.coerce.number({ error: message }).min(min, message).max(max, message);
  const checked = step === 'int' ? number.int(message) : number.refine((n) => Math.round(n * 10) === n * 10, message);
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value ?? null;
    const text = value.trim();
    return text === '' ? null : text.replace(',', '.');
  }, checked.nullable());
}

/** Frame measures (eye size, bridge, temple) belong to frames only. */
const frameMeasureFields = ['eyeSizeMm', 'bridgeMm', 'templeMm'] as const;
/** Base curve and diameter belong to contact lenses only. */
const contactLensMeasureFields = ['baseCurveMm', 'diameterMm'] as const;

export function isFrameCategory(category: string): boolean {
  return frameCategoryIds.includes(category as CategoryId);
}

/** What an admin enters (or a seller proposes) for a catalogue product; the CSV import checks rows with it too. */
export const catalogueProductInputSchema = z
  .object({
    brand: requiredText(v.brandRequired, 60),
    modelCode: requiredText(v.modelCodeRequired, 60),
    name: requiredText(v.nameRequired, 160),
    /** GTIN-8/12/13/14 with a valid check digit; blank for goods without one. */
    barcode: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || isValidGtin(value), v.barcodeInvalid),
    category: z.enum(categoryIds, { error: v.categoryInvalid }),
    subcategory: optionalText(40),
    colourCode: optionalText(40),
    eyeSizeMm: optionalMeasure(20, 80, v.eyeSizeInvalid, 'int'),
    bridgeMm: optionalMeasure(8, 30, v.bridgeInvalid, 'int'),
    templeMm: optionalMeasure(100, 160, v.templeInvalid, 'int'),
    baseCurveMm: optionalMeasure(7, 10, v.baseCurveInvalid, 'tenth'),
    diameterMm: optionalMeasure(12, 16, v.diameterInvalid, 'tenth'),
  })
  .superRefine((input, ctx) => {
    if (input.subcategory !== null && !isSubcategoryOf(input.category, input.subcategory)) {
      ctx.addIssue({ code: 'custom', path: ['subcategory'], message: v.subcategoryInvalid });
    }
    if (!isFrameCategory(input.category)) {
      for (const field of frameMeasureFields)
        if (input[field] !== null) ctx.addIssue({ code: 'custom', path: [field], message: v.frameOnly });
    }
    if (!isContactLens(input.category, input.subcategory)) {
      for (const field of contactLensMeasureFields)
        if (input[field] !== null) ctx.addIssue({ code: 'custom', path: [field], message: v.contactLensOnly });
    }
  });
export type CatalogueProductInput = z.input<typeof catalogueProductInputSchema>;
export type CatalogueProductValues = z.output<typeof catalogueProductInputSchema>;

export const catalogueProductSchema = z.object({
  id: z.uuid(),
  brand: z.string(),
  modelCode: z.string(),
  name: z.string(),
  barcode: z.string().nullable(),
  category: z.string(),
  subcategory: z.string().nullable(),
  colourCode: z.string().nullable(),
  eyeSizeMm: z.number().int().nullable(),
  bridgeMm: z.number().int().nullable(),
  templeMm: z.number().int().nullable(),
  baseCurveMm: z.number().nullable(),
  diameterMm: z.number().nullable(),
  status: z.enum(catalogueStatuses),
  createdAt: z.iso.datetime(),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

/** The seller form's catalogue search: more than 2 characters (spec: debounce 300 ms, minimum 3). */
export const catalogueLookupQuerySchema = z.object({
  q: queryText(3, 100),
});
export const catalogueLookupSchema = z.object({ items: z.array(catalogueProductSchema) });
export type CatalogueLookup = z.infer<typeof catalogueLookupSchema>;

/** Admin catalogue list (also the proposals queue with status=pending). */
export const adminCatalogueListQuerySchema = z.object({
  q: queryText(0, 100)
    .optional()
    .transform((value) => (value ? value : undefined)),
  status: z.enum(catalogueStatuses).optional().catch(undefined),
  category: z.enum(categoryIds).optional().catch(undefined),
  page: pageSchema,
});
export type AdminCatalogueListQuery = z.input<typeof adminCatalogueListQuerySchema>;

export const adminCatalogueProductSchema = catalogueProductSchema.extend({
  proposedBy: z.object({ id: z.string(), name: z.string(), publicHandle: z.string().nullable() }).nullable(),
  rejectionReason: z.string().nullable(),
  listingCount: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type AdminCatalogueProduct = z.infer<typeof adminCatalogueProductSchema>;

export const adminCatalogueListSchema = z.object({
  items: z.array(adminCatalogueProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  pendingCount: z.number().int(),
});
export type AdminCatalogueList = z.infer<typeof adminCatalogueListSchema>;

export const rejectCatalogueProposalBodySchema = z.object({
  reason: z
    .string({ error: v.reasonRequired })
    .trim()
    .min(1, v.reasonRequired)
    .max(500, v.tooLong(500))
    .refine(hasNo(CONTROL_CHARACTERS_BUT_WHITESPACE), v.invalidCharacters),
});

/** Most rows one CSV import may hold. */
export const CATALOGUE_IMPORT_MAX_ROWS = 5000;
/** Largest CSV file the import accepts. */
export const CATALOGUE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Most proposals one member may have waiting for review at once. */
export const MAX_PENDING_PROPOSALS = 20;
/** The admin catalogue's page size. */
export const ADMIN_CATALOGUE_PAGE_SIZE = 50;

/** The CSV import's outcome; valid rows are saved, each refused row says why (row 1 is the header). */
export const catalogueImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string().nullable(), message: z.string() })),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResultSchema>;

/** A seller's own proposals with their review outcome. */
export const catalogueProposalListSchema = z.object({
  items: z.array(catalogueProductSchema.extend({ rejectionReason: z.string().nullable() })),
});
export type CatalogueProposalList = z.infer<typeof catalogueProposalListSchema>;

/** The CSV import form: one file (the server reads and checks its rows). */
export const catalogueImportFormSchema = z.object({
  file: pickedFileSchema(catalogueMessages.validation.csvFileRequired),
});
export type CatalogueImportFormInput = z.input<typeof catalogueImportFormSchema>;
