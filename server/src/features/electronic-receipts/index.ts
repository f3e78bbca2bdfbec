export {
  CERTIFICATE_MESSAGES,
  CertificateError,
  certificateProblem,
  readCertificate,
  type SigningCertificate,
} from './certificate';
export {
  electronicCreditNote,
  electronicInvoice,
  type ElectronicDocument,
} from './electronic-document';
export { qrText } from './qr-text';
export { signXml } from './sign';
export { creditNoteXml, documentNumber, invoiceXml, type CreditNoteInput } from './ubl';
