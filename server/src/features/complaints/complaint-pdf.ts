import PDFDocument from 'pdfkit';
import {
  COMPLAINT_DOC_TYPE_LABELS,
  COMPLAINT_GOOD_LABELS,
  COMPLAINT_KIND_EXPLANATIONS,
  COMPLAINT_TEXTS as T,
  limaWallClock,
  type Complaint,
  type ComplaintCompany,
} from '@app/domain';
import { dayText } from '../../crud/export';

/**
 * A hoja de reclamación as a PDF (DESIGN §11.3): what the consumer gets by e-mail at once and
 * staff download, with the company's data, every field, the due date and the legal notes, the
 * provider's answer once written. pdfkit's standard Helvetica carries Spanish accents.
 */

const MARGIN = 48;
const SIZE = 10;

const two = (n: number) => String(n).padStart(2, '0');

/** '26/11/2026 10:05' in Lima. */
export function limaDateTime(iso: string): string {
  const t = limaWallClock(new Date(iso));
  return `${two(t.getUTCDate())}/${two(t.getUTCMonth() + 1)}/${t.getUTCFullYear()} ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}`;
}

/** 'S/. 1,234.50'. */
export function soles(amount: string): string {
  const [whole = '0', fraction = '00'] = amount.split('.');
  return `S/. ${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

export async function complaintPdf(hoja: Complaint, company: ComplaintCompany): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: T.sheetTitle(hoja.numero), Producer: 'Back-office de grooming' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  draw(doc, hoja, company);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function draw(doc: PDFKit.PDFDocument, hoja: Complaint, company: ComplaintCompany) {
  const width = doc.page.width - 2 * MARGIN;
  const heading = (text: string) => {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold', SIZE + 1).text(text, MARGIN, doc.y, { width });
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.4);
  };
  /** 'Label: value', the label bold, the value wrapping under the width. */
  const field = (label: string, value: string) => {
    doc.font('Helvetica-Bold', SIZE).text(`${label}: `, MARGIN, doc.y, { width, continued: true });
    doc.font('Helvetica', SIZE).text(value);
  };
  const paragraph = (label: string, value: string) => {
    doc.font('Helvetica-Bold', SIZE).text(`${label}:`, MARGIN, doc.y, { width });
    doc.font('Helvetica', SIZE).text(value, { width });
    doc.moveDown(0.3);
  };
  const document = (type: keyof typeof COMPLAINT_DOC_TYPE_LABELS, number: string) =>
    `${COMPLAINT_DOC_TYPE_LABELS[type]} ${number}`;

  doc
    .font('Helvetica-Bold', SIZE + 3)
    .text(T.sheetTitle(hoja.numero), MARGIN, MARGIN, { width, align: 'center' });
  doc.moveDown(0.6);
  const issuer = [
    company.razon_social,
    company.ruc ? `RUC ${company.ruc}` : null,
    company.direccion,
  ].filter((line): line is string => Boolean(line));
  for (const line of issuer) doc.font('Helvetica', SIZE).text(line, { width, align: 'center' });
  doc.moveDown(0.6);
  field(T.date, limaDateTime(hoja.fecha));
  field(T.due, dayText(hoja.vence));

  heading(T.consumer);
  field('Nombres y apellidos', `${hoja.nombres} ${hoja.apellidos}`);
  field('Documento', document(hoja.tipo_doc, hoja.doc));
  field('Domicilio', hoja.direccion);
  field('Teléfono', hoja.telefono);
  field('Correo electrónico', hoja.email);
  if (hoja.apoderado) {
    doc.moveDown(0.3);
    doc.font('Helvetica-Bold', SIZE).text(T.guardian, { width });
    field('Nombre', hoja.apoderado.nombre);
    field('Documento', document(hoja.apoderado.tipo_doc, hoja.apoderado.doc));
  }

  heading(T.contracted);
  field('Bien contratado', COMPLAINT_GOOD_LABELS[hoja.bien]);
  field(T.amount, hoja.monto === null ? 'No indicado' : soles(hoja.monto));
  paragraph('Descripción', hoja.descripcion);

  heading(T.detail);
  field('Tipo', COMPLAINT_KIND_EXPLANATIONS[hoja.tipo]);
  doc.moveDown(0.3);
  paragraph('Detalle', hoja.detalle);
  paragraph('Pedido', hoja.pedido);

  heading(T.provider);
  if (hoja.respuesta === null) {
    doc.font('Helvetica', SIZE).text('Pendiente de respuesta.', { width });
  } else {
    if (hoja.respondido_at) field(T.answeredAt, limaDateTime(hoja.respondido_at));
    paragraph('Respuesta', hoja.respuesta);
  }

  doc.moveDown(1);
  doc.font('Helvetica', SIZE - 1);
  for (const note of [T.acceptTerms, T.otherRemedies, T.answerTerm]) {
    doc.text(`• ${note}`, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  }
}
