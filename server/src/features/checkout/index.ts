export { salesModule } from './sales';
export { saleOfAppointment } from './sale-read';
