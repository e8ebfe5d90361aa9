/** The fulfilment feature's public face: other features import only from here. */
export {
  cancelOverdueUnshippedOrders,
  cancelUnacceptedOrders,
  releaseDueOrders,
  remindUpcomingReleases,
  startFulfilment,
  type FulfilmentDeps,
} from './fulfilment.service.ts';
export { MAX_PROVIDER_ATTEMPTS, runProviderJobs } from './provider-jobs.service.ts';
