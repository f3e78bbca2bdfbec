export { reportsModule } from './reports';
