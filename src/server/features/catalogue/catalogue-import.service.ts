import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import {
  catalogueProductInputSchema,
  type CatalogueImportResult,
  type CatalogueProductValues,
} from '#shared/schemas/catalogue.ts';
import type { AdminContext } from '../../lib/context.ts';
import { recordAdminAction } from '../../lib/audit.ts';
import { readCatalogueCsv } from './catalogue.import.ts';
import { findProductsByBarcodes, insertProducts, type CatalogueProductFields } from './catalogue.repo.ts';
import { INSERT_BATCH, productFields, saveProduct, TARGET, withBarcodeCheck } from './catalogue.service.ts';

// Admin: the catalogue CSV import (the form's schema and the catalogue's barcode rules, row by row).

type RowError = CatalogueImportResult['errors'][number];

/**
 * Imports a CSV of products. Each row is checked with the same schema as the admin form; a row
 * whose barcode is already in the catalogue updates that product, others are added (approved).
 * A barcode on several rows of the file refuses all of them, and so does a barcode a seller's
 * proposal holds while it waits for a decision. Valid rows are saved in one
 * transaction with the audit row; refused rows are reported with their spreadsheet row number.
 */
export async function importCatalogueCsv(
  ctx: AdminContext,
  file: { bytes: Buffer; fileName: string },
): Promise<CatalogueImportResult> {
  const errors: RowError[] = [];
  const valid: { row: number; input: CatalogueProductValues }[] = [];
  for (const { row, values } of readCatalogueCsv(file.bytes)) {
    const parsed = catalogueProductInputSchema.safeParse(values);
    if (parsed.success) {
      valid.push({ row, input: parsed.data });
      continue;
    }
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = issue.path.length ? String(issue.path[0]) : null;
      if (seen.has(String(field))) continue;
      seen.add(String(field));
      errors.push({ row, field, message: issue.message });
    }
  }

  const rowsPerBarcode = new Map<string, number>();
  for (const { input } of valid)
    if (input.barcode) rowsPerBarcode.set(input.barcode, (rowsPerBarcode.get(input.barcode) ?? 0) + 1);
  const accepted = valid.filter(({ row, input }) => {
    if (!input.barcode || rowsPerBarcode.get(input.barcode) === 1) return true;
    errors.push({ row, field: 'barcode', message: catalogueMessages.validation.csvDuplicateBarcode });
    return false;
  });

  const now = ctx.clock.now();
  const counts = await withBarcodeCheck(() =>
    ctx.db.transaction(async (tx) => {
      const existing = new Map(
        (
          await findProductsByBarcodes(
            tx,
            accepted.flatMap(({ input }) => (input.barcode ? [input.barcode] : [])),
          )
        ).map((p) => [p.barcode!, p]),
      );
      let updated = 0;
      const inserts: (CatalogueProductFields & { status: string; createdAt: Date; updatedAt: Date })[] = [];
      for (const { row, input } of accepted) {
        const product = input.barcode ? existing.get(input.barcode) : undefined;
        if (product?.status === 'pending') {
          // Saved over, the proposal would stay unlistable while the report said "updated": it is decided first.
          errors.push({ row, field: 'barcode', message: catalogueMessages.validation.csvPendingProposal });
        } else if (product) {
          await saveProduct(tx, product.id, input, now);
          updated += 1;
        } else {
          inserts.push({ ...productFields(input), status: 'approved', createdAt: now, updatedAt: now });
        }
      }
      for (let start = 0; start < inserts.length; start += INSERT_BATCH)
        await insertProducts(tx, inserts.slice(start, start + INSERT_BATCH));
      await recordAdminAction(
        tx,
        {
          actorId: ctx.user.id,
          action: 'catalogue_imported',
          targetType: TARGET,
          targetId: null,
          details: {
            fileName: file.fileName,
            created: inserts.length,
            updated,
            failedRows: new Set(errors.map((e) => e.row)).size,
          },
          ip: ctx.ip,
        },
        now,
      );
      return { created: inserts.length, updated };
    }),
  );
  return { ...counts, errors: errors.sort((a, b) => a.row - b.row) };
}
