export { employeesModule } from './employees';
