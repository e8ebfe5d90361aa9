/** The payments feature's public face: other features import only from here. */
export { expireReservations, MAX_OUTCOME_CHECKS, MAX_VOID_ATTEMPTS, reconcilePayments } from './payments.service.ts';
