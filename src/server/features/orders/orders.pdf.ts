import { formatDateTime } from '#shared/dates.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { OrderLine } from '#shared/schemas/orders.ts';
import { createPdf, drawRule, PDF_CONTENT_WIDTH, PDF_MARGIN } from '../../lib/pdf.ts';

const ps = tradingMessages.orders.packingSlip;

const BARCODE_WIDTH = 120;
const QUANTITY_WIDTH = 50;
const PRODUCT_WIDTH = PDF_CONTENT_WIDTH - BARCODE_WIDTH - QUANTITY_WIDTH;

export interface PackingSlip {
  orderNumber: string;
  createdAt: Date;
  /** The sending store as its store page names it, with its @handle. */
  sender: string;
  /** The delivery address's lines: name, street, district/city and postal code, phone. */
  recipient: string[];
  lines: Pick<OrderLine, 'marka' | 'modelKodu' | 'barcode' | 'quantity'>[];
}

/** One table row: product, barcode, quantity (right-aligned); the row is as tall as its longest cell. */
function row(doc: PDFKit.PDFDocument, cells: [string, string, string]): void {
  const y = doc.y;
  doc.text(cells[0], PDF_MARGIN, y, { width: PRODUCT_WIDTH - 8 });
  const afterProduct = doc.y;
  doc.text(cells[1], PDF_MARGIN + PRODUCT_WIDTH, y, { width: BARCODE_WIDTH });
  doc.text(cells[2], PDF_MARGIN + PRODUCT_WIDTH + BARCODE_WIDTH, y, { width: QUANTITY_WIDTH, align: 'right' });
  doc.y = Math.max(afterProduct, doc.y) + 3;
}

/**
 * The packing slip as an A4 PDF: order number and date, sender, the buyer's delivery address and
 * the lines (product, barcode, quantity). No prices: it travels in the parcel.
 */
export async function renderPackingSlipPdf(slip: PackingSlip): Promise<Buffer> {
  const { doc, done } = await createPdf({ Title: `${ps.title} ${slip.orderNumber}` });
  doc.font('bold').fontSize(18).text(ps.title);
  doc.moveDown(0.5);
  doc.fontSize(10);
  for (const [label, value] of [
    [ps.orderNumber, slip.orderNumber],
    [ps.orderDate, formatDateTime(slip.createdAt)],
    [ps.sender, slip.sender],
  ] as const) {
    doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  }
  doc.moveDown();
  doc.font('bold').fontSize(12).text(ps.recipient);
  doc.font('regular').fontSize(11);
  for (const line of slip.recipient) doc.text(line, { width: PDF_CONTENT_WIDTH });
  doc.moveDown();

  doc.font('bold').fontSize(10);
  row(doc, [ps.product, ps.barcode, ps.quantity]);
  drawRule(doc);
  doc.font('regular');
  for (const line of slip.lines) {
    row(doc, [`${line.marka} ${line.modelKodu}`, line.barcode ?? '-', String(line.quantity)]);
  }
  drawRule(doc);
  doc.font('bold');
  row(doc, [ps.totalQuantity, '', String(slip.lines.reduce((sum, line) => sum + line.quantity, 0))]);
  doc.moveDown();
  doc.font('regular').fontSize(8.5).text(ps.note, PDF_MARGIN, doc.y, { width: PDF_CONTENT_WIDTH });
  doc.end();
  return done;
}
