import { isValidGtin } from '../barcode.ts';
import { categoryIds, isSubcategoryOf } from '../categories.ts';
import { catalogueMessages } from '../messages/catalogue.tr.ts';
import { pageSchema } from './common.ts';
import { z } from './zod-tr.ts';

const v = catalogueMessages.validation;

export const catalogueStatuses = ['approved', 'pending', 'rejected'] as const;
export type CatalogueStatus = (typeof catalogueStatuses)[number];

/** An optional text field: blank means "not given" (null). */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, v.tooLong(max))
    .nullish()
    .transform((value) => (value ? value : null));
}

/** An optional whole number of millimetres within a range (blank → null). */
function optionalMeasure(min: number, max: number, message: string, step: 'int' | 'tenth') {
  const number = z.coerce.number({ error: message }).min(min, message).max(max, message);
  const checked = step === 'int' ? number.int(message) : number.refine((n) => Math.round(n * 10) === n * 10, message);
  return z.preprocess((value) => (value === '' || value === undefined ? null : value), checked.nullable());
}

/** What an admin enters (or a seller proposes) for a catalogue product; the CSV import checks rows with it too. */
export const catalogueProductInputSchema = z
  .object({
    brand: z.string({ error: v.brandRequired }).trim().min(1, v.brandRequired).max(60, v.tooLong(60)),
    modelCode: z.string({ error: v.modelCodeRequired }).trim().min(1, v.modelCodeRequired).max(60, v.tooLong(60)),
    name: z.string({ error: v.nameRequired }).trim().min(1, v.nameRequired).max(160, v.tooLong(160)),
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
  q: z.string().trim().min(3).max(100),
});
export const catalogueLookupSchema = z.object({ items: z.array(catalogueProductSchema) });
export type CatalogueLookup = z.infer<typeof catalogueLookupSchema>;

/** Admin catalogue list (also the proposals queue with status=pending). */
export const adminCatalogueListQuerySchema = z.object({
  q: z.string().trim().max(100).optional().transform((value) => (value ? value : undefined)),
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
  reason: z.string({ error: v.reasonRequired }).trim().min(1, v.reasonRequired).max(500, v.tooLong(500)),
});

/** Most rows one CSV import may hold. */
export const CATALOGUE_IMPORT_MAX_ROWS = 5000;

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
