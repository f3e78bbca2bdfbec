export { packagesModule } from './packages';
export { servicesModule } from './services';
