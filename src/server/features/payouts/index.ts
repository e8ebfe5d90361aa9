/** The payouts feature's public face: other features import only from here. */
export { formatCsvLira } from './payouts.service.ts';
export { runDailyPayouts } from './payout-schedule.ts';
