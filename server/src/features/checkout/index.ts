export { saleOfAppointment, salesModule } from './sales';
