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
export {
  claimDue,
  recordOutcome,
  sendDue,
  startReceiptSender,
  type OutgoingDocument,
  type ReceiptSender,
  type SendOutcome,
  type Transport,
} from './sender';
export { sunatTransport } from './sunat-transport';
export { electronicReceiptsModule } from './receipts-admin';
export { todaysElectronicReceipts, unacceptedCount } from './receipts-read';
export { consultPse, sendToPse, type PseCreditNote, type PseResult } from './pse-transport';
