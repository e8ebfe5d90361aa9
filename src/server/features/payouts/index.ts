/** The payouts feature's public face: other features import only from here. */
export { runDailyPayouts } from './payout-schedule.ts';
export { payoutAccountRequests } from './payouts.service.ts';
