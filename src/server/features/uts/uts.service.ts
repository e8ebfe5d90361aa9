import { formatDate } from '#shared/dates.ts';
import { utsMessages as um } from '#shared/messages/uts.tr.ts';
import {
  checkUtsLineUnits,
  type UtsLineUnits,
  type UtsNotifiedResult,
  type UtsReport,
  type UtsReportQuery,
  type UtsTrackedLines,
} from '#shared/schemas/uts.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberContext } from '../../lib/context.ts';
import { toCsv } from '../../lib/csv.ts';
import { recordOrderEvents } from '../order-lifecycle/index.ts';
import { getPlatformSettings } from '../platform-settings/index.ts';
import {
  findOrderLinesWithCategory,
  findOrderParties,
  findUtsReportRows,
  hasUtsTransfers,
  insertUtsTransfers,
  markUtsNotified,
} from './uts.repo.ts';
import { isUtsTracked, utsSideOf, type UtsSide } from './uts.policy.ts';

const fieldError = (orderLineId: string | null, message: string) =>
  new AppError('VALIDATION_FAILED', message, { [orderLineId ? `utsUnits.${orderLineId}` : 'utsUnits']: message });

/** The order's lines tracked in ÜTS now (the admin's categories, the line's listing category). */
async function trackedLinesOf(db: Db, orderId: string) {
  const [settings, lines] = await Promise.all([getPlatformSettings(db), findOrderLinesWithCategory(db, orderId)]);
  return lines.filter((line) => isUtsTracked(line.category, settings.utsTrackedCategories));
}

/** GET /api/orders/:id/uts/lines: the seller's own order's tracked lines, for the ship dialog. */
export async function getUtsTrackedLines(ctx: MemberContext, orderId: string): Promise<UtsTrackedLines> {
  const order = await findOrderParties(ctx.db, orderId);
  if (!order || order.sellerId !== ctx.user.id) throw new AppError('ORDER_NOT_FOUND');
  const lines = await trackedLinesOf(ctx.db, orderId);
  return {
    lines: lines.map((l) => ({
      orderLineId: l.id,
      productName: l.product_name,
      marka: l.marka,
      modelKodu: l.model_kodu,
      barcode: l.barcode,
      quantity: l.quantity,
    })),
  };
}

/**
 * In the ship transaction, after the transition: every tracked line has units whose GTIN is its
 * barcode and whose quantities add up to it; nothing for untracked or foreign lines. Any error
 * throws, so the whole ship rolls back (nothing changes).
 */
export async function recordShipmentUtsUnits(
  tx: Db,
  orderId: string,
  utsUnits: readonly UtsLineUnits[] | undefined,
  now: Date,
): Promise<void> {
  const given = utsUnits ?? [];
  const [settings, lines] = await Promise.all([getPlatformSettings(tx), findOrderLinesWithCategory(tx, orderId)]);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<string>();
  for (const entry of given) {
    const line = byId.get(entry.orderLineId);
    if (!line) throw fieldError(null, um.ship.unknownLine);
    if (!isUtsTracked(line.category, settings.utsTrackedCategories)) {
      throw fieldError(entry.orderLineId, um.ship.unitsForUntrackedLine);
    }
    if (seen.has(entry.orderLineId)) throw fieldError(entry.orderLineId, um.ship.unknownLine);
    seen.add(entry.orderLineId);
  }
  const rows = [];
  for (const line of lines) {
    if (!isUtsTracked(line.category, settings.utsTrackedCategories)) continue;
    const units = given.find((e) => e.orderLineId === line.id)?.units ?? [];
    const problem = checkUtsLineUnits(
      { orderLineId: line.id, productName: line.product_name, barcode: line.barcode, quantity: line.quantity },
      units,
    );
    if (problem) throw fieldError(line.id, problem);
    rows.push(
      ...units.map((u) => ({
        orderId,
        orderLineId: line.id,
        gtin: u.gtin,
        lot: u.lot ?? null,
        serial: u.serial ?? null,
        expiry: u.expiry ?? null,
        quantity: u.quantity,
        createdAt: now,
      })),
    );
  }
  await insertUtsTransfers(tx, rows);
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The caller's side of the month's ÜTS transfers: verme (as seller) or alma (as buyer). */
export async function getUtsReport(ctx: MemberContext, side: UtsSide, query: UtsReportQuery): Promise<UtsReport> {
  const rows = await findUtsReportRows(ctx.db, side, ctx.user.id, query.ay);
  return {
    month: query.ay,
    side,
    rows: rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      orderNumber: r.order_number,
      shippedAt: iso(r.shipped_at),
      counterpartyTitle: r.counterparty_title,
      counterpartyUtsNumber: r.counterparty_uts_number,
      productName: r.product_name,
      gtin: r.gtin,
      lot: r.lot,
      serial: r.serial,
      expiry: r.expiry,
      quantity: r.quantity,
      notifiedAt: r.notified_at ? iso(r.notified_at) : null,
    })),
  };
}

/** The report as CSV for Turkish Excel (UTF-8 BOM, ";", dd.MM.yyyy dates). */
export async function exportUtsReportCsv(
  ctx: MemberContext,
  side: UtsSide,
  query: UtsReportQuery,
): Promise<{ fileName: string; body: string }> {
  const report = await getUtsReport(ctx, side, query);
  const c = um.csv;
  return {
    fileName: side === 'verme' ? c.vermeFileName(query.ay) : c.almaFileName(query.ay),
    body: toCsv(
      [...(side === 'verme' ? c.vermeHeader : c.almaHeader)],
      report.rows.map((r) => [
        formatDate(r.shippedAt),
        r.orderNumber,
        r.counterpartyTitle,
        r.counterpartyUtsNumber ?? '',
        r.productName,
        r.gtin,
        r.lot ?? '',
        r.serial ?? '',
        r.expiry ? formatDate(r.expiry) : '',
        r.quantity,
        r.notifiedAt ? c.yes : c.no,
      ]),
    ),
  };
}

/**
 * POST /api/orders/:id/uts/bildirildi: the caller ticks that its side told ÜTS (the seller its
 * verme, the buyer its alma). Only for a party of a shipped order with ÜTS data; a repeated tick
 * keeps the first time and writes no second event.
 */
export async function markUtsNotifiedByCaller(ctx: MemberContext, orderId: string): Promise<UtsNotifiedResult> {
  const order = await findOrderParties(ctx.db, orderId);
  const side = order ? utsSideOf(order, ctx.user.id) : null;
  if (!order || !side) throw new AppError('ORDER_NOT_FOUND');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (!order.shippedAt || !(await hasUtsTransfers(tx, orderId))) {
      throw new AppError('INVALID_STATUS_TRANSITION', um.notAShippedOrder);
    }
    const marked = await markUtsNotified(tx, orderId, side, now);
    if (marked.isNew) {
      await recordOrderEvents(tx, [
        {
          orderId,
          actorId: ctx.user.id,
          action: side === 'verme' ? 'uts_verme_notified' : 'uts_alma_notified',
          fromStatus: null,
          toStatus: null,
          details: {},
          createdAt: now,
        },
      ]);
    }
    return { orderId, side, notifiedAt: marked.notifiedAt.toISOString() };
  });
}
