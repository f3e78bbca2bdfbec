export { salesModule, type SalesModuleOptions } from './sales';
export { saleOfAppointment } from './sale-read';
export { pseTransport } from './pse-sending';
export { sendReceiptPdf, sendReceiptXml } from './receipt-files';
export { clientBonosModule } from './bonos';
export {
  depositOwed,
  depositsModule,
  registerClientDeposit,
  unverifiedDepositsCount,
} from './deposits';
