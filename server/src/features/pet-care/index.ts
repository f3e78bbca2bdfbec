export { photosModule } from './photos';
export { triageModule } from './triage';
export { vaccinesModule } from './vaccines';
export {
  anyActiveConsent,
  anyActiveConsentSql,
  appointmentConsents,
  assertConsentsToStart,
  consentsModule,
  sendSignedPdf,
  signaturesOf,
  signConsent,
  unsignedSql,
} from './consents';
export { reportCardsModule } from './report-cards';
