/** The payments feature's public face: other features import only from here. */
export { expireReservations } from './payments.service.ts';
