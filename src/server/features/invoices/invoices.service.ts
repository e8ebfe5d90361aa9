import { invoiceMessages, invoiceNotificationMessages } from '#shared/messages/invoices.tr.ts';
import { detectFileType } from '#shared/schemas/applications.ts';
import {
  invoiceableStatuses,
  type BillingProfile,
  type BillingProfileInput,
  type InvoiceFieldValues,
  type OrderInvoice,
} from '#shared/schemas/invoices.ts';
import { todayInTurkey } from '#shared/dates.ts';
import { orderPath, sellerOrderPath } from '#shared/site-paths.ts';
import type { Db } from '../../db/client.ts';
import type { BillingParty } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MemberContext } from '../../lib/context.ts';
import type { Storage } from '../../lib/storage.ts';
import type { IncomingUpload } from '../../lib/document-upload.ts';
import { findBuyerStore } from '../../lib/store-identity.ts';
import { notify } from '../notifications/index.ts';
import { recordOrderEvents } from '../order-lifecycle/index.ts';
import { getPlatformSettings } from '../platform-settings/index.ts';
import {
  findBillingProfile,
  findOrderInvoice,
  findOrderParties,
  lockOrderInvoice,
  lockOrdersDueInvoiceReminder,
  markBuyerDownloaded,
  markInvoiceReminderSent,
  upsertBillingProfile,
  upsertOrderInvoice,
  type OrderInvoiceRow,
} from './invoices.repo.ts';

const m = invoiceMessages;
const n = invoiceNotificationMessages;

/** The store's billing profile: saved, or the defaults from its approved application. */
export async function findStoreBillingProfile(db: Db, userId: string): Promise<BillingProfile> {
  const [saved, store] = await Promise.all([findBillingProfile(db, userId), findBuyerStore(db, userId)]);
  const taxNumber = store?.taxNumber ?? '';
  if (saved) {
    const { userId: _userId, updatedAt: _updatedAt, ...fields } = saved;
    return { ...fields, taxNumber, isSaved: true };
  }
  return {
    companyTitle: store?.storeName ?? store?.fullName ?? '',
    taxOffice: '',
    address: '',
    city: store?.city ?? '',
    district: store?.district ?? null,
    isEInvoiceUser: false,
    taxNumber,
    isSaved: false,
  };
}

/** The billing party checkout snapshots onto the order group and its orders. */
export async function findBillingParty(db: Db, userId: string): Promise<BillingParty> {
  const profile = await findStoreBillingProfile(db, userId);
  return {
    companyName: profile.companyTitle,
    taxNumber: profile.taxNumber,
    city: profile.city,
    district: profile.district,
    taxOffice: profile.taxOffice,
    address: profile.address,
    isEInvoiceUser: profile.isEInvoiceUser,
  };
}

export async function getOwnBillingProfile(ctx: MemberContext): Promise<BillingProfile> {
  return findStoreBillingProfile(ctx.db, ctx.user.id);
}

export async function saveOwnBillingProfile(ctx: MemberContext, input: BillingProfileInput): Promise<BillingProfile> {
  await upsertBillingProfile(ctx.db, { userId: ctx.user.id, ...input }, ctx.clock.now());
  return findStoreBillingProfile(ctx.db, ctx.user.id);
}

function toOrderInvoice(row: OrderInvoiceRow): OrderInvoice {
  return {
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    ettn: row.ettn,
    hasXml: row.xmlKey !== null,
    uploadedAt: row.uploadedAt.toISOString(),
    canReplace: row.buyerDownloadedAt === null,
  };
}

/** The order's invoice for its pages (the caller has already checked who may see the order). */
export async function findOrderInvoiceView(db: Db, orderId: string): Promise<OrderInvoice | null> {
  const row = await findOrderInvoice(db, orderId);
  return row ? toOrderInvoice(row) : null;
}

export interface InvoiceUpload {
  fields: InvoiceFieldValues;
  pdf: IncomingUpload | undefined;
  xml: IncomingUpload | undefined;
}

const fieldError = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/** A UBL document is XML: after an optional byte-order mark and white space it starts with `<`. */
function looksLikeXml(head: Buffer): boolean {
  let text = head.toString('latin1');
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
  return /^\s*<[?a-zA-Z]/.test(text);
}

function checkFiles(pdf: IncomingUpload | undefined, xml: IncomingUpload | undefined): IncomingUpload {
  if (!pdf) throw fieldError('pdf', m.pdfRequired);
  // The content decides, and the name must agree (as for application documents).
  if (detectFileType(pdf.temp.head) !== 'application/pdf' || !/\.pdf$/i.test(pdf.originalName)) {
    throw fieldError('pdf', m.pdfType);
  }
  if (xml && (!/\.xml$/i.test(xml.originalName) || !looksLikeXml(xml.temp.head))) throw fieldError('xml', m.xmlType);
  return pdf;
}

/**
 * "Faturayı Yükle": the seller attaches the invoice its own e-Fatura/e-Arşiv provider issued. One
 * per order; it may be replaced until the buyer downloads it. Files are checked, committed to
 * private storage, and the row, the order event and the buyer's notification (with its mail) are
 * written in one transaction; on failure the new files are removed again.
 */
export async function uploadOrderInvoice(
  ctx: MemberContext,
  storage: Storage,
  orderId: string,
  input: InvoiceUpload,
): Promise<OrderInvoice> {
  const order = await findOrderParties(ctx.db, orderId);
  if (!order || order.sellerId !== ctx.user.id) throw new AppError('ORDER_NOT_FOUND');
  if (!(invoiceableStatuses as readonly string[]).includes(order.status)) {
    throw new AppError('INVALID_STATUS_TRANSITION', m.notInvoiceable);
  }
  const pdf = checkFiles(input.pdf, input.xml);
  const now = ctx.clock.now();
  const { invoiceDate } = input.fields;
  if (invoiceDate > todayInTurkey(now)) throw fieldError('invoiceDate', m.invoiceDateFuture);
  if (invoiceDate < todayInTurkey(order.createdAt)) throw fieldError('invoiceDate', m.invoiceDateBeforeOrder);

  const pdfKey = await storage.commit(pdf.temp, 'invoices');
  const xmlKey = input.xml ? await storage.commit(input.xml.temp, 'invoices') : null;
  let replaced: OrderInvoiceRow | null;
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      const previous = await lockOrderInvoice(tx, orderId);
      if (previous?.buyerDownloadedAt) throw new AppError('CONFLICT', m.alreadyDownloaded);
      await upsertOrderInvoice(tx, {
        orderId,
        invoiceNumber: input.fields.invoiceNumber,
        invoiceDate,
        ettn: input.fields.ettn,
        pdfKey,
        pdfName: pdf.originalName,
        pdfSizeBytes: pdf.temp.sizeBytes,
        pdfSha256: pdf.temp.sha256,
        xmlKey,
        xmlName: input.xml?.originalName ?? null,
        xmlSizeBytes: input.xml?.temp.sizeBytes ?? null,
        uploadedBy: ctx.user.id,
        uploadedAt: now,
      });
      await recordOrderEvents(tx, [
        {
          orderId,
          actorId: ctx.user.id,
          action: previous ? 'invoice_replaced' : 'invoice_uploaded',
          fromStatus: null,
          toStatus: null,
          details: { invoiceNumber: input.fields.invoiceNumber, ettn: input.fields.ettn, pdfSha256: pdf.temp.sha256 },
          createdAt: now,
        },
      ]);
      await notify(
        tx,
        [
          {
            userId: order.buyerId,
            type: 'invoice_uploaded',
            title: n.uploadedTitle,
            message: n.uploadedBody(order.orderNumber),
            relatedId: orderId,
            actionUrl: orderPath(orderId),
            actionText: n.orderAction,
          },
        ],
        now,
      );
      return previous;
    });
  } catch (error) {
    await storage.remove(pdfKey);
    if (xmlKey) await storage.remove(xmlKey);
    throw error;
  }
  if (replaced) {
    await storage.remove(replaced.pdfKey);
    if (replaced.xmlKey) await storage.remove(replaced.xmlKey);
  }
  return (await findOrderInvoiceView(ctx.db, orderId))!;
}

/**
 * An invoice file for download: only the order's two stores and admins; anyone else is answered
 * as if the order did not exist. The buyer's first download fixes the invoice (no more replacing).
 */
export async function openOrderInvoiceFile(ctx: MemberContext, storage: Storage, orderId: string, kind: 'pdf' | 'xml') {
  const order = await findOrderParties(ctx.db, orderId);
  const isBuyer = order?.buyerId === ctx.user.id;
  if (!order || !(isBuyer || order.sellerId === ctx.user.id || ctx.user.role === 'admin')) {
    throw new AppError('ORDER_NOT_FOUND');
  }
  const invoice = await findOrderInvoice(ctx.db, orderId);
  const key = kind === 'pdf' ? invoice?.pdfKey : invoice?.xmlKey;
  const file = key ? await storage.open(key) : null;
  if (!invoice || !file) throw new AppError('NOT_FOUND', m.notFound);
  if (isBuyer) await markBuyerDownloaded(ctx.db, orderId, ctx.clock.now());
  return {
    ...file,
    contentType: kind === 'pdf' ? 'application/pdf' : 'application/xml',
    fileName: `fatura-${invoice.invoiceNumber}.${kind}`,
  };
}

/**
 * Reminds sellers once about shipped orders still without an invoice after the platform's
 * invoiceReminderDays (invoice_reminder_sent_at makes it once; SKIP LOCKED makes runs safe to overlap).
 */
export async function remindMissingInvoices(db: Db, clock: Clock, limit = 50): Promise<number> {
  const now = clock.now();
  const { invoiceReminderDays: days } = await getPlatformSettings(db);
  return db.transaction(async (tx) => {
    const due = await lockOrdersDueInvoiceReminder(tx, now, days, limit);
    for (const order of due) {
      await markInvoiceReminderSent(tx, order.id, now);
      await recordOrderEvents(tx, [
        {
          orderId: order.id,
          actorId: null,
          action: 'invoice_reminder_sent',
          fromStatus: null,
          toStatus: null,
          details: { days },
          createdAt: now,
        },
      ]);
    }
    await notify(
      tx,
      due.map((order) => ({
        userId: order.sellerId,
        type: 'invoice_reminder' as const,
        title: n.reminderTitle,
        message: n.reminderBody(order.orderNumber, days),
        relatedId: order.id,
        actionUrl: sellerOrderPath(order.id),
        actionText: n.orderAction,
      })),
      now,
    );
    return due.length;
  });
}
