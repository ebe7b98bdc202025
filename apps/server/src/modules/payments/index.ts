/**
 * The payments module's public face. The appointments module authorizes nothing itself: it checks the
 * patient's authorization, ties it to the appointment inside its booking transaction, captures after the
 * commit and cancels when the booking fails.
 */
export {
  cancelAuthorization,
  captureTransaction,
  toTransaction,
  visitFeeFor,
  type VisitFeeQuery,
} from './service';
export { attachToAppointment, transaction as findTransaction, type TransactionRow } from './store';
export type { PaymentGateway } from './gateway';
export { paymentRoutes } from './routes';
