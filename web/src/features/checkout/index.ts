export { AppointmentDepositsSection } from './appointment-deposits';
export { useSaleDialogs } from './sale-dialogs';
