export { packagesModule } from './packages';
export { servicesModule } from './services';
export { bonosModule } from './bonos';
