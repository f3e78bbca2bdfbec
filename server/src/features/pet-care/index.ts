export { photosModule } from './photos';
export { triageModule } from './triage';
export { vaccinesModule } from './vaccines';
export {
  anyActiveConsentSql,
  appointmentConsents,
  assertConsentsToStart,
  consentsModule,
  sendSignedPdf,
  signaturesOf,
  signConsent,
  unsignedAmong,
  unsignedSql,
} from './consents';
export { reportCardsModule } from './report-cards';
