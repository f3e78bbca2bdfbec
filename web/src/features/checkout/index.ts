export { useSaleDialogs } from './sale-dialogs';
