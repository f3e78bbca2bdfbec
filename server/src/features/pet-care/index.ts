export { photosModule } from './photos';
export { triageModule } from './triage';
export { vaccinesModule } from './vaccines';
export { appointmentConsents, assertConsentsToStart, consentsModule } from './consents';
export { reportCardsModule } from './report-cards';
