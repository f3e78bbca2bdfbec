export { clientDataModule } from './client-data';
export { clientImportModule } from './client-import';
export { clientsModule } from './clients';
export { petCareFields } from './pet-care-fields';
export { petsModule } from './pets';
export { clientData } from './client-data';
