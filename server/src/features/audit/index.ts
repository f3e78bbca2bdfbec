export { auditModule } from './audit';
