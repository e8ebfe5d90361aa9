/** The listings feature's public face: other features import only from here. */
export { notifyExpiringListings, notifyLowStockAfterSale } from './listing-notices.service.ts';
