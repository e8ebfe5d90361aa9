import path from 'node:path';
import { appRoot } from './app-root.ts';

// DejaVu Sans (assets/fonts, its licence beside it) has every Turkish letter and "₺"; pdfkit embeds
// the subset used. Resolved from the package root, so tsx (src/) and the bundle (dist/) find it.
const FONT_REGULAR = path.join(appRoot, 'assets', 'fonts', 'DejaVuSans.ttf');
const FONT_BOLD = path.join(appRoot, 'assets', 'fonts', 'DejaVuSans-Bold.ttf');

export const PDF_MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4 in points
export const PDF_CONTENT_WIDTH = PAGE_WIDTH - 2 * PDF_MARGIN;

/**
 * An A4 document with the fonts 'regular' and 'bold' registered, and the file it becomes once
 * `doc.end()` is called (statements, packing slips).
 */
export async function createPdf(info: { Title: string; Subject?: string }): Promise<{
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
}> {
  // Loaded on the first document, not at start: pdfkit and its font code are megabytes of heap that
  // a server drawing no statement or packing slip would carry for nothing.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: PDF_MARGIN, info: { ...info, Author: 'OptiStok' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  return { doc, done };
}

/** A thin rule across the page under the current line (a table's head, its last row). */
export function drawRule(doc: PDFKit.PDFDocument): void {
  doc
    .moveTo(PDF_MARGIN, doc.y + 2)
    .lineTo(PDF_MARGIN + PDF_CONTENT_WIDTH, doc.y + 2)
    .lineWidth(0.5)
    .stroke();
  doc.moveDown(0.5);
}
