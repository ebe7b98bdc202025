import type { ModuleRegistration } from '../../platform/modules';
import { paymentJobs } from './jobs';
import { billingRoutes } from './billing-routes';
import { registerInvoicing } from './invoices';
import { paymentRoutes } from './routes';
import { registerCancellationFees } from './cancellation';
/**
 * The payments module's public face. The appointments module authorizes nothing itself: it claims the
 * patient's authorization, ties it to the appointment inside its booking transaction, captures after the
 * commit and cancels what it claimed when the booking fails.
 */
export {
  cancelClaimedAuthorization,
  captureTransaction,
  sealStoredSecrets,
  settleOpenPayments,
  toTransaction,
  visitFeeFor,
  type VisitFeeQuery,
} from './service';
export {
  attachToAppointment,
  claimForAppointment,
  findTransaction,
  transactionsOfAppointment,
} from './appointment-payments';
export type { TransactionRow } from './store';
export type { PaymentGateway } from './gateway';
export {
  cancellationFeeOf,
  DEFAULT_CANCEL_REFUND_HOURS,
  feeOutcomeOf,
  type CancelledVisit,
} from './cancellation';
/** The practice's payment choice (online payment on or off, gateway) in practice onboarding's transaction. */
export { writeOrganizationConfig } from './settings';

/** Wires the module: its routes and the payment reconciler. */
export const register: ModuleRegistration = async (app, deps) => {
  await app.register(paymentRoutes);
  // The payments consumer of appointment changes: a cancelled visit's fee (decision 0082).
  registerCancellationFees(deps);
  // Invoices, refunds and copay requests (decision 0098): the invoicing consumer of appointment changes.
  await app.register(billingRoutes);
  registerInvoicing(deps);
  // The reconciler: captures payments of committed bookings, cancels unused authorizations.
  await app.register(paymentJobs);
};
