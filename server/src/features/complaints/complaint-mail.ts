import {
  COMPLAINT_DOC_TYPE_LABELS,
  COMPLAINT_KIND_LABELS,
  COMPLAINT_TEXTS as T,
  type Complaint,
  type ComplaintCompany,
} from '@app/domain';
import type { Mail, MailAttachment } from '../../mail/mailer';
import { dayText } from '../../crud/export';
import { limaDateTime } from './complaint-pdf';

/**
 * The book's e-mails (DESIGN §11.3): the consumer's copy of the hoja at once, the company's copy,
 * and the answer. Each carries the hoja as a PDF.
 */

const attachment = (hoja: Complaint, pdf: Buffer): MailAttachment => ({
  filename: `hoja-reclamacion-${hoja.numero}.pdf`,
  content: pdf,
  contentType: 'application/pdf',
});

const companyName = (company: ComplaintCompany) => company.razon_social ?? 'la empresa';

const legalNotes = `${T.otherRemedies}\n\n${T.answerTerm}\n`;

/** To the consumer, at once: the numbered hoja and when the answer is due. */
export function filedMail(hoja: Complaint, company: ComplaintCompany, pdf: Buffer): Mail {
  const kind = COMPLAINT_KIND_LABELS[hoja.tipo].toLowerCase();
  const text =
    `Estimado(a) ${hoja.nombres} ${hoja.apellidos}:\n\n` +
    `Registramos su ${kind} en el Libro de Reclamaciones de ${companyName(company)} ` +
    `con la hoja de reclamación N° ${hoja.numero}, el ${limaDateTime(hoja.fecha)}.\n\n` +
    `Le responderemos a este correo a más tardar el ${dayText(hoja.vence)}.\n\n` +
    'Adjuntamos una copia de su hoja de reclamación en PDF.\n\n' +
    legalNotes;
  return {
    to: hoja.email,
    subject: `Hoja de reclamación N° ${hoja.numero}`,
    text,
    attachments: [attachment(hoja, pdf)],
  };
}

/** To the company's address (Ajustes): a new hoja to answer before its due date. */
export function companyCopyMail(hoja: Complaint, to: string, pdf: Buffer): Mail {
  const text =
    `Se registró la hoja de reclamación N° ${hoja.numero} (${COMPLAINT_KIND_LABELS[hoja.tipo]}) ` +
    `en el Libro de Reclamaciones virtual, el ${limaDateTime(hoja.fecha)}.\n\n` +
    `Consumidor: ${hoja.nombres} ${hoja.apellidos} ` +
    `(${COMPLAINT_DOC_TYPE_LABELS[hoja.tipo_doc]} ${hoja.doc})\n` +
    `Fecha límite de respuesta: ${dayText(hoja.vence)}\n\n` +
    'Respóndala desde ADMINISTRACIÓN › Libro de Reclamaciones. La hoja va adjunta en PDF.\n';
  return {
    to,
    subject: `Nueva hoja de reclamación N° ${hoja.numero}`,
    text,
    attachments: [attachment(hoja, pdf)],
  };
}

/** To the consumer: the provider's answer, which closes the hoja. */
export function answerMail(hoja: Complaint, company: ComplaintCompany, pdf: Buffer): Mail {
  const text =
    `Estimado(a) ${hoja.nombres} ${hoja.apellidos}:\n\n` +
    `${companyName(company)} respondió su hoja de reclamación N° ${hoja.numero}:\n\n` +
    `${hoja.respuesta ?? ''}\n\n` +
    'Adjuntamos la hoja de reclamación con la respuesta en PDF.\n\n' +
    T.otherRemedies +
    '\n';
  return {
    to: hoja.email,
    subject: `Respuesta a su hoja de reclamación N° ${hoja.numero}`,
    text,
    attachments: [attachment(hoja, pdf)],
  };
}
