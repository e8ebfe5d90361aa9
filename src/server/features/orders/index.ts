/** The orders feature's public face: other features import only from here. */
export {
  countCompletedOrders,
  getSellerOrderFigures,
  listOrderTimeline,
  listRecentSellerOrders,
} from './orders.service.ts';
