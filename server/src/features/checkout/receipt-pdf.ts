import PDFDocument from 'pdfkit';
import { create as createQr } from 'qrcode';
import {
  CUSTOMER_DOC_LABELS,
  limaWallClock,
  printedDocument,
  RECEIPT_PRINT_TEXTS as T,
  receiptAmounts,
  type ReceiptAmountRow,
  type ReceiptDocument,
  type ReceiptPaper,
  type Sale,
} from '@app/domain';

/**
 * A sale's receipt, or the nota de crédito that voided it, as a PDF (DESIGN §11.1): the content
 * of the print view (web/src/features/checkout/receipt-document.tsx), from the same domain texts
 * and rows, on A4 or on 80 mm thermal paper as long as the receipt. pdfkit's standard fonts
 * (Helvetica; Courier on 80 mm, as the print view) carry Spanish accents.
 */

const MM = 72 / 25.4;

interface Paper {
  width: number;
  margin: number;
  font: string;
  bold: string;
  size: number;
}

const PAPERS: Record<ReceiptPaper, Paper> = {
  a4: { width: 210 * MM, margin: 12 * MM, font: 'Helvetica', bold: 'Helvetica-Bold', size: 10 },
  '80mm': { width: 80 * MM, margin: 3 * MM, font: 'Courier', bold: 'Courier-Bold', size: 8 },
};
const A4_HEIGHT = 297 * MM;
/** The roll is laid out once on a page this long (PDF's largest), then on one as long as it. */
const ROLL_MEASURE_HEIGHT = 14_400;

/** The stored logo, when pdfkit can draw it (PNG or JPEG). */
export interface Logo {
  bytes: Buffer;
  type: string;
}
const DRAWABLE_LOGOS = new Set(['image/png', 'image/jpeg']);

/** 'S/. 1,234.50': money as every screen prints it (web/src/lib/format.ts formatMoney). */
function soles(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
  return `S/. ${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

/** '25/11/2026 10:05' in Lima, as the print view shows a time. */
function limaTime(iso: string): string {
  const t = limaWallClock(new Date(iso));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(t.getUTCDate())}/${two(t.getUTCMonth() + 1)}/${t.getUTCFullYear()} ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}`;
}

interface Request {
  sale: Sale;
  document: ReceiptDocument;
  format: ReceiptPaper;
  logo: Logo | null;
}

/** The PDF's bytes. */
export async function receiptPdf(request: Request): Promise<Buffer> {
  const paper = PAPERS[request.format];
  // The roll is as long as its receipt: measured on a page long enough for any, then drawn,
  // with half a line to spare (pdfkit starts a page for a line that ends right on the margin).
  const height =
    request.format === 'a4'
      ? A4_HEIGHT
      : Math.ceil(
          draw(newDocument(paper, ROLL_MEASURE_HEIGHT), paper, request) +
            paper.margin +
            paper.size / 2,
        );
  const doc = newDocument(paper, height);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  draw(doc, paper, request);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function newDocument(paper: Paper, height: number) {
  return new PDFDocument({
    size: [paper.width, height],
    margin: paper.margin,
    info: { Title: 'Comprobante', Producer: 'Back-office de grooming' },
  });
}

/** Lays the receipt out from the top; answers where it ends. */
function draw(doc: PDFKit.PDFDocument, paper: Paper, { sale, document, format, logo }: Request) {
  const narrow = format === '80mm';
  const left = paper.margin;
  const width = paper.width - 2 * paper.margin;
  const bottom = () => doc.page.height - paper.margin;
  const printed = printedDocument(sale, document);
  const { totals, payments } = receiptAmounts(sale, document);
  const gap = paper.size * 0.6;
  let y = paper.margin;

  const font = (bold = false, size = paper.size) => doc.font(bold ? paper.bold : paper.font, size);
  /** Room for `height` more points, or a new page (a long A4 receipt). */
  const room = (height: number) => {
    if (y + height > bottom()) {
      doc.addPage();
      y = paper.margin;
    }
  };
  /** A paragraph at `x`, `w` wide: answers its height. */
  const text = (
    value: string,
    x: number,
    w: number,
    options: { bold?: boolean; size?: number; align?: 'left' | 'center' | 'right' } = {},
  ) => {
    font(options.bold, options.size);
    const height = doc.heightOfString(value, { width: w });
    doc.text(value, x, y, { width: w, align: options.align ?? 'left', lineBreak: true });
    return height;
  };
  /** Lines one under the other across the width; answers nothing, moves y. */
  const lines = (values: string[], options: Parameters<typeof text>[3] = {}) => {
    for (const value of values) {
      room(paper.size * 1.4);
      y += text(value, left, width, options);
    }
  };
  const rule = () => {
    y += gap;
    room(gap);
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .dash(2, { space: 2 })
      .lineWidth(0.5)
      .stroke()
      .undash();
    y += gap;
  };
  const amountRows = (rows: ReceiptAmountRow[]) => {
    const amountWidth = narrow ? width * 0.4 : 110;
    for (const row of rows) {
      room(paper.size * 1.4);
      const amount = `${row.negative ? '-' : ''}${soles(row.amount)}`;
      text(row.label, left, width - amountWidth - gap, { bold: row.strong, align: 'right' });
      y += text(amount, left + width - amountWidth, amountWidth, {
        bold: row.strong,
        align: 'right',
      });
    }
  };

  // ANULADA, in a double frame, with the reason, when and who, and the note that voided it.
  if (document === 'comprobante' && sale.anulada) {
    const voided = [
      ...(sale.motivo_anulacion ? [`${T.reason}: ${sale.motivo_anulacion}`] : []),
      ...(sale.anulada_at
        ? [`${limaTime(sale.anulada_at)}${sale.anulada_por ? ` · ${sale.anulada_por}` : ''}`]
        : []),
      ...(sale.nota_credito
        ? [
            `${T.creditNote} ${sale.nota_credito.comprobante} · ${limaTime(sale.nota_credito.fecha)}`,
          ]
        : []),
    ];
    const top = y;
    y += gap;
    y += text(T.voided, left, width, { bold: true, size: paper.size * 1.6, align: 'center' });
    for (const line of voided) y += text(line, left + gap, width - 2 * gap, { align: 'center' });
    y += gap;
    doc
      .lineWidth(0.75)
      .rect(left, top, width, y - top)
      .stroke();
    doc.rect(left + 2, top + 2, width - 4, y - top - 4).stroke();
    y += gap;
  }

  // The issuer, and the document's box: its RUC, title and number.
  const issuer = [`RUC ${sale.emisor_ruc}`, sale.emisor_direccion];
  const drawableLogo = logo && DRAWABLE_LOGOS.has(logo.type) ? logo.bytes : null;
  if (narrow) {
    if (drawableLogo) {
      doc.image(drawableLogo, left + width * 0.2, y, {
        fit: [width * 0.6, 56],
        align: 'center',
      });
      y += 56 + gap / 2;
    }
    y += text(sale.emisor_nombre, left, width, {
      bold: true,
      size: paper.size * 1.15,
      align: 'center',
    });
    for (const line of issuer) y += text(line, left, width, { align: 'center' });
    y += gap / 2;
    y += text(printed.title, left, width, { bold: true, align: 'center' });
    y += text(printed.number, left, width, { bold: true, align: 'center' });
  } else {
    const boxWidth = 70 * MM;
    const columnWidth = width - boxWidth - 2 * gap;
    const top = y;
    if (drawableLogo) {
      doc.image(drawableLogo, left, y, { fit: [columnWidth * 0.6, 72] });
      y += 72 + gap / 2;
    }
    y += text(sale.emisor_nombre, left, columnWidth, { bold: true, size: paper.size * 1.15 });
    for (const line of issuer) y += text(line, left, columnWidth);
    const issuerEnd = y;
    y = top + gap;
    const boxLeft = left + width - boxWidth;
    for (const line of [`RUC ${sale.emisor_ruc}`, printed.title, printed.number]) {
      y += text(line, boxLeft + gap, boxWidth - 2 * gap, { bold: true, align: 'center' });
    }
    y += gap;
    doc
      .lineWidth(0.75)
      .roundedRect(boxLeft, top, boxWidth, y - top, 4)
      .stroke();
    y = Math.max(y, issuerEnd);
  }
  rule();

  // The buyer on the left; the visit and who charged it on the right (one column on 80 mm).
  const docLabel = CUSTOMER_DOC_LABELS[sale.cliente_doc_tipo];
  const buyer = [
    `${T.date}: ${limaTime(printed.fecha)}`,
    ...(sale.cliente_nombre ? [`${T.client}: ${sale.cliente_nombre}`] : []),
    ...(docLabel && sale.cliente_doc ? [`${docLabel}: ${sale.cliente_doc}`] : []),
  ];
  const visit = [
    ...(sale.mascota ? [`${T.pet}: ${sale.mascota}`] : []),
    ...(sale.groomer ? [`${T.groomer}: ${sale.groomer}`] : []),
    ...((sale.cajero ?? sale.usuario) ? [`${T.cashier}: ${sale.cajero ?? sale.usuario}`] : []),
  ];
  if (narrow) lines([...buyer, ...visit]);
  else {
    const half = (width - 2 * gap) / 2;
    const top = y;
    for (const line of buyer) y += text(line, left, half);
    const buyerEnd = y;
    y = top;
    for (const line of visit) y += text(line, left + half + 2 * gap, half);
    y = Math.max(y, buyerEnd);
  }
  if (printed.modifies) {
    rule();
    lines([`${T.modifies}: ${printed.modifies}`, `${T.reason}: ${printed.reason}`]);
  }
  rule();

  // The lines: quantity, description, unit price, amount.
  const numberWidth = narrow ? 44 : 80;
  const quantityWidth = narrow ? 26 : 40;
  const columns = [
    { x: left, w: quantityWidth, align: 'right' as const },
    {
      x: left + quantityWidth + gap,
      w: width - quantityWidth - 2 * numberWidth - 3 * gap,
      align: 'left' as const,
    },
    { x: left + width - 2 * numberWidth - gap, w: numberWidth, align: 'right' as const },
    { x: left + width - numberWidth, w: numberWidth, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    font(bold);
    const height = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i].w })),
    );
    room(height);
    cells.forEach((cell, i) =>
      text(cell, columns[i].x, columns[i].w, { bold, align: columns[i].align }),
    );
    y += height + 2;
  };
  row([T.quantity, T.description, T.unitPrice, T.amount], true);
  doc
    .lineWidth(0.5)
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 2;
  for (const line of sale.items) {
    row([String(line.cantidad), line.descripcion, line.precio_unitario, line.total]);
  }
  rule();

  amountRows(totals);
  y += gap / 2;
  lines([sale.monto_letras], { bold: true });
  if (payments.length > 0) {
    rule();
    amountRows(payments);
  }

  // The electronic marks: the QR beside (A4) or above (80 mm) the representation and the hash.
  if (printed.qr !== null) {
    rule();
    const side = narrow ? 30 * MM : 32 * MM;
    const marks = [printed.representation ?? '', `${T.hash}: ${printed.hash ?? ''}`];
    if (narrow) {
      room(side);
      drawQr(doc, printed.qr, left + (width - side) / 2, y, side);
      y += side + gap;
      lines(marks, { align: 'center' });
    } else {
      room(side);
      const top = y;
      drawQr(doc, printed.qr, left, y, side);
      const textLeft = left + side + 2 * gap;
      for (const line of marks) y += text(line, textLeft, width - side - 2 * gap);
      y = Math.max(y, top + side);
    }
  }
  rule();
  lines([T.thanks], { align: 'center' });
  return y;
}

/** The QR of SUNAT's text, drawn as squares: sharp at any zoom or printer. */
function drawQr(doc: PDFKit.PDFDocument, value: string, x: number, y: number, side: number) {
  const { modules } = createQr(value, { errorCorrectionLevel: 'M' });
  const module = side / modules.size;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * module, y + row * module, module, module);
    }
  }
  doc.fillColor('black').fill();
}
