/** The order lifecycle's public face: other features import only from here. */
export {
  applyOrderTransition,
  applyOrderTransitionToMany,
  awaitingAcceptanceSql,
  enqueueProviderJob,
  isAwaitingAcceptance,
  orderActionsFor,
  recordOrderEvents,
  type OrderChange,
  type OrderFacts,
} from './order-lifecycle.service.ts';
export { restockOrder } from './order-lifecycle.repo.ts';
export { releaseReminderEmail } from './order-lifecycle.mail.ts';
export { orderLifecycle, type OrderRow, type OrderVerb } from './order-lifecycle.table.ts';
