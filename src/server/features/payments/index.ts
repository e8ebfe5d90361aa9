/** The payments feature's public face: other features import only from here. */
export { expireReservations, reconcilePayments } from './payments.service.ts';
