export { photosModule } from './photos';
export { triageModule } from './triage';
export { vaccinesModule } from './vaccines';
export {
  appointmentConsents,
  assertConsentsToStart,
  consentsModule,
  sendSignedPdf,
  signaturesOf,
  signConsent,
  sinFirmarSql,
  unsignedSql,
} from './consents';
export { reportCardsModule } from './report-cards';
