export { portalModule } from './portal-routes';
export { portalSignInModule, type PortalSignInOptions } from './portal-sign-in';
