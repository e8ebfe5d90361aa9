import { formatDateTime } from '#shared/dates.ts';
import { statementMessages as sm } from '#shared/messages/statements.tr.ts';
import { formatKurus } from '#shared/money.ts';
import type { Statement } from '#shared/schemas/statements.ts';
import { formatStatementMonth, purchaseLines, statementLines, type StatementLine } from '#shared/statement-lines.ts';
import { createPdf, drawRule, PDF_CONTENT_WIDTH as CONTENT_WIDTH, PDF_MARGIN as MARGIN } from '../../lib/pdf.ts';

const AMOUNT_WIDTH = 130;
const LABEL_WIDTH = CONTENT_WIDTH - AMOUNT_WIDTH;

/** A two-column table (item, amount in ₺) with a rule under the head and under each balance row. */
function drawTable(doc: PDFKit.PDFDocument, lines: StatementLine[]): void {
  doc.font('bold').fontSize(10);
  const headY = doc.y;
  doc.text(sm.item, MARGIN, headY, { width: LABEL_WIDTH });
  doc.text(sm.amount, MARGIN + LABEL_WIDTH, headY, { width: AMOUNT_WIDTH, align: 'right' });
  drawRule(doc);
  for (const line of lines) {
    const isBalance = line.kind === 'balance';
    const isDetail = line.kind === 'detail';
    doc.font(isBalance ? 'bold' : 'regular').fontSize(isDetail ? 9 : 10);
    const y = doc.y;
    const indent = isDetail || line.kind === 'part' ? 12 : 0;
    doc.text(line.label, MARGIN + indent, y, { width: LABEL_WIDTH - indent });
    const afterLabel = doc.y;
    doc.text(formatKurus(line.amountKurus), MARGIN + LABEL_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
    doc.y = Math.max(afterLabel, doc.y) + 3;
    if (isBalance) {
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + CONTENT_WIDTH, doc.y)
        .stroke();
      doc.y += 6;
    }
  }
}

/** The statement as an A4 PDF: store, tax number, month, the figures in ₺ (tr-TR), the purchases and the ledger note. */
export async function renderStatementPdf(statement: Statement, now: Date): Promise<Buffer> {
  const { doc, done } = await createPdf({ Title: `${sm.title} ${statement.month}`, Subject: statement.storeTitle });

  doc.font('bold').fontSize(18).text(sm.title);
  doc.moveDown(0.5);
  doc.font('regular').fontSize(10);
  for (const [label, value] of [
    [sm.storeTitle, statement.storeTitle],
    [sm.taxNumber, statement.taxNumber ?? '-'],
    [sm.period, formatStatementMonth(statement.month)],
    [sm.generatedAt, formatDateTime(now)],
  ] as const) {
    doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  }
  doc.moveDown();

  drawTable(doc, statementLines(statement));
  doc.moveDown();
  doc.font('bold').fontSize(12).text(sm.purchases.title, MARGIN, doc.y);
  doc.font('regular').fontSize(8.5).text(sm.purchases.note, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
  drawTable(doc, purchaseLines(statement));

  doc.moveDown();
  doc.font('regular').fontSize(8.5);
  for (const note of [sm.identityNote, sm.commissionNote, sm.ledgerNote]) {
    doc.text(note, MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.4);
  }
  doc.end();
  return done;
}
